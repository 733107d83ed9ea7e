/**
 * Notifications: how to install the app on a phone. Web Push itself comes with the
 * notifications issue; until then this tab says so instead of offering a switch that does nothing.
 */
export function NotificationsTab() {
  return (
    <section aria-labelledby="notifications-title" className="space-y-4">
      <h2 id="notifications-title" className="text-xl font-bold">
        Notificaciones
      </h2>
      <p className="rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300" role="status">
        Las notificaciones todavía no están disponibles en este servidor. Mientras tanto, deja abierta la
        pestaña
        <strong> Órdenes pendientes</strong>: las órdenes nuevas aparecen solas, con un sonido.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
          <h3 className="font-semibold">iPhone (iOS)</h3>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-stone-800">
            <li>Abre el panel en Safari.</li>
            <li>Toca el botón Compartir.</li>
            <li>Elige «Agregar a pantalla de inicio».</li>
            <li>Abre Tianguis desde el ícono y permite las notificaciones cuando se te pida.</li>
          </ol>
        </div>
        <div className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
          <h3 className="font-semibold">Android</h3>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-stone-800">
            <li>Abre el panel en Chrome.</li>
            <li>Toca el menú ⋮.</li>
            <li>Elige «Instalar aplicación» o «Agregar a pantalla principal».</li>
            <li>Permite las notificaciones cuando se te pida.</li>
          </ol>
        </div>
      </div>
    </section>
  );
}
