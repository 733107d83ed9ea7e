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
 * Replaces React Router's <Scripts> on island pages: the client entry alone, which hydrates the
 * islands and never loads the router. Only once the page has loaded: it is whole in its HTML, and
 * on a phone over 4G the first photos should not share the connection (nor the processor) with the
 * scripts (the largest paint first, docs/decisions/003; "Agregar" waits for the scripts, as it always did).
 */
export function IslandScripts({ nonce }: { nonce?: string }) {
  const { manifest } = useContext(UNSAFE_FrameworkContext) ?? {};
  if (!manifest) return null;
  const start = `const start=()=>import(${JSON.stringify(manifest.entry.module)});document.readyState==="complete"?start():addEventListener("load",start,{once:true});`;
  return <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: start }} />;
}
