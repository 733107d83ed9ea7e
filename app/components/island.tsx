import { useContext } from "react";
import { UNSAFE_FrameworkContext } from "react-router";
import { islandPropsId, serializeIslandProps, type IslandName } from "~/lib/islands";

/**
 * Marks a subtree that hydrates on its own (see app/lib/islands.ts). `children` must be
 * exactly `<Component {...props} />` of the component app/entry.client.tsx registers for
 * `name`, so the server's HTML and the browser's first render match.
 */
export function Island<P>({
  name,
  props,
  children,
}: {
  name: IslandName;
  props: P;
  children: React.ReactNode;
}) {
  return (
    <>
      <div data-island={name}>{children}</div>
      <script
        type="application/json"
        id={islandPropsId(name)}
        dangerouslySetInnerHTML={{ __html: serializeIslandProps(props) }}
      />
    </>
  );
}

/**
 * Replaces React Router's <Scripts> on island pages: the client entry alone (with its static
 * imports preloaded), which hydrates the islands and never loads the router.
 */
export function IslandScripts({ nonce }: { nonce?: string }) {
  const { manifest } = useContext(UNSAFE_FrameworkContext) ?? {};
  if (!manifest) return null;
  return (
    <>
      {manifest.entry.imports.map((href) => (
        <link key={href} rel="modulepreload" href={href} nonce={nonce} />
      ))}
      <script type="module" src={manifest.entry.module} nonce={nonce} />
    </>
  );
}
