/**
 * `/<storeId>` of a store that is not open: a closed store's page says so (its id stays its own for
 * 30 days, so nobody is invited to take it); a free address invites to claim it; any other id is
 * simply not available.
 */
export function UnknownStore({ storeId, state }: { storeId: string; state: "closed" | "taken" | "free" }) {
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-5xl font-black text-brand-700" aria-hidden="true">
        404
      </p>
      {state === "closed" ? (
        <>
          <h1 className="text-2xl font-bold">Esta tienda cerró</h1>
          <p className="text-stone-700">
            La tienda de <strong className="break-all">/{storeId}</strong> cerró y ya no recibe pedidos en
            Tianguis.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold">Esta tienda todavía no existe</h1>
          {state === "free" ? (
            <>
              <p className="text-stone-700">
                La dirección <strong className="break-all">/{storeId}</strong> está disponible. ¿Tienes un
                negocio? Puede ser tuya en minutos, gratis.
              </p>
              <a
                href={`/i/signup?id=${encodeURIComponent(storeId)}`}
                className="w-full rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
              >
                Reclama esta dirección para tu tienda
              </a>
            </>
          ) : (
            <p className="text-stone-700">La dirección que buscas no existe o ya no está disponible.</p>
          )}
        </>
      )}
      <a href="/" className="font-semibold text-brand-800 underline">
        Ir a la página de inicio
      </a>
    </main>
  );
}
