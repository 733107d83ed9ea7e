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
 * islands and never loads the router. Only once the page has loaded and a frame of it has been
 * painted: it is whole in its HTML, and on a phone over 4G the first photos should not share the
 * connection (nor the processor) with the scripts, nor wait behind React's evaluation to be painted
 * (the largest paint first, docs/decisions/003; "Agregar" waits for the scripts, as it always did).
 * A hidden tab paints no frame: its scripts start at once.
 */
export function IslandScripts({ nonce }: { nonce?: string }) {
  const { manifest } = useContext(UNSAFE_FrameworkContext) ?? {};
  if (!manifest) return null;
  // A page kept with only the rules it draws first (server/page-cache.ts) links the whole
  // stylesheet here, beside its first part, for what the islands draw later; `data-settled` says
  // when it has loaded or failed (the islands hydrate after, app/entry.client.tsx).
  const start =
    `const start=()=>{for(const kept of document.querySelectorAll("style[data-stylesheet]")){` +
    `const link=document.createElement("link");link.rel="stylesheet";link.href=kept.dataset.stylesheet;` +
    `link.onload=link.onerror=()=>link.dataset.settled="";kept.after(link)}` +
    `import(${JSON.stringify(manifest.entry.module)})};` +
    `const painted=()=>document.visibilityState==="hidden"?start():requestAnimationFrame(()=>setTimeout(start));` +
    `document.readyState==="complete"?painted():addEventListener("load",painted,{once:true});`;
  return <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: start }} />;
}
