import { Link } from "react-router";
import { AuthCard } from "~/components/auth-card";
import type { Route } from "./+types/store-closed";

export const meta: Route.MetaFunction = () => [{ title: "Tu tienda se cerró · Tianguis" }];

/** Where "Cerrar mi tienda" ends: the account no longer exists, so this page needs no one. */
export default function StoreClosed() {
  return (
    <AuthCard title="Tu tienda se cerró">
      <div className="space-y-3 text-stone-800">
        <p>
          Cerramos tu tienda y borramos tu cuenta. Tu tienda ya no aparece en Tianguis, sus fotos se borraron
          y los datos de tus clientes se quitaron de sus pedidos.
        </p>
        <p>Te enviamos un correo de confirmación. Gracias por vender con Tianguis.</p>
      </div>
      <Link to="/" className="mt-6 block text-center font-semibold text-brand-800 underline">
        Ir al inicio
      </Link>
    </AuthCard>
  );
}
