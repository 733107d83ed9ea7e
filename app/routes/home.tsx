import { Link } from "react-router";
import { TianguisLogo } from "~/components/brand";
import { ChatIcon, CheckIcon, HeartIcon, ScooterIcon, SparklesIcon } from "~/components/icons";
import { brandCard } from "~/domain/share/og.server";
import { ogImageTags } from "~/domain/share/og-tags";
import { AVAILABLE_PRODUCT_LIMITS, TEAM_SIZE_LIMITS, TRIAL_DAYS } from "~/domain/stores/licence";
import type { HydrationHandle } from "~/lib/islands";
import type { Route } from "./+types/home";

const CATALOGUE = "/c/aguascalientes";
/** A button of the fixed bar: on a phone the three share the width, each label on one line. */
const BAR_BUTTON =
  "flex-auto rounded-lg border px-2 py-2 text-center text-[13px] font-medium whitespace-nowrap sm:flex-none sm:px-2.5 sm:text-sm sm:font-semibold";

/** A static page: its links are plain links and it opens at the top, with no JavaScript at all. */
export const handle: HydrationHandle = { hydration: () => "none" };

export const meta: Route.MetaFunction = ({ data }) => {
  const title = "Tianguis · Compra local, directo a quien lo hace";
  const description =
    "Tiendas en línea para negocios locales de México. Tu dinero llega directo a los emprendedores, sin intermediarios.";
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "es_MX" },
    ...(data
      ? [
          { property: "og:url", content: data.origin },
          { tagName: "link", rel: "canonical", href: data.origin + "/" },
          ...ogImageTags(data.card),
        ]
      : []),
  ];
};

export async function loader({ context }: Route.LoaderArgs) {
  const { env } = context.services;
  return {
    contactEmail: env.CONTACT_EMAIL,
    socialUrl: env.SOCIAL_URL,
    origin: env.publicOrigin,
    card: brandCard(env.publicOrigin),
  };
}

const buyLocal = [
  {
    Icon: HeartIcon,
    title: "Tu dinero se queda en tu ciudad",
    text: "Cada compra llega directo a quien hornea, cocina o teje. Sin intermediarios ni comisiones escondidas.",
  },
  {
    Icon: SparklesIcon,
    title: "Productos únicos",
    text: "Pan de la mañana, artesanías de la región, recetas de familia: cosas que no encuentras en un centro comercial.",
  },
  {
    Icon: ChatIcon,
    title: "Trato directo",
    text: "Hablas con la persona que hace tu pedido. Si quieres el pastel sin nuez, se lo dices y listo.",
  },
  {
    Icon: ScooterIcon,
    title: "Entregas confiables",
    text: "Recoge en el local o pide a domicilio, según lo que ofrezca cada negocio.",
  },
];

const sellerBenefits = [
  {
    title: "Tu tienda en tu propia dirección",
    text: "Comparte tianguis.mx/tu-tienda por WhatsApp, Facebook o Instagram y recibe pedidos sin que tus clientes creen una cuenta.",
  },
  {
    title: "Todo desde tu celular",
    text: "Agrega productos con foto, cambia precios, marca lo que se agotó y atiende pedidos desde el teléfono.",
  },
  {
    title: "Pedidos al momento",
    text: "Los pedidos nuevos aparecen solos en tu panel y te avisan con notificación.",
  },
  {
    title: "Confirmación por WhatsApp",
    text: "Si lo activas, cada cliente te confirma su pedido por WhatsApp con el detalle ya escrito.",
  },
  {
    title: "Con tus colores",
    text: "Tu logo y tus cinco colores en tu página, para que se vea como tu negocio.",
  },
  {
    title: "Sin comisiones por venta",
    text: "Cobras tú, como siempre: en efectivo, transferencia o como acuerdes con tu cliente.",
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { contactEmail, socialUrl } = loaderData;

  return (
    <>
      <LandingHeader />

      <main className="pt-14">
        <Hero />
        <BuyLocalSection />
        <PlansSection />
        <WhoCanSellSection />
        <SellerBenefitsSection />
        <ExploreSection />
        <AlreadySellingSection />
      </main>

      <LandingFooter contactEmail={contactEmail} socialUrl={socialUrl} />
    </>
  );
}

function LandingHeader() {
  return (
    <header className="fixed inset-x-0 top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
      {/* On a phone the three buttons take the whole bar, each on one line; the logo (which the
          hero shows right below) joins them from the small breakpoint up. */}
      <nav
        aria-label="Principal"
        className="mx-auto flex max-w-6xl items-center gap-1.5 px-3 py-2 sm:gap-2 sm:px-4"
      >
        <Link
          to="/"
          className="mr-auto hidden items-center gap-2 font-black text-ink sm:flex"
          aria-label="Tianguis, inicio"
        >
          <TianguisLogo className="h-8 w-8" />
          <span className="text-lg">Tianguis</span>
        </Link>
        <Link to="/i/login" className={`${BAR_BUTTON} border-transparent text-stone-800 hover:bg-stone-100`}>
          Inicia Sesión
        </Link>
        <Link to="/i/signup" className={`${BAR_BUTTON} border-brand-700 text-brand-800 hover:bg-brand-50`}>
          Regístrate
        </Link>
        <Link
          to={CATALOGUE}
          className={`${BAR_BUTTON} border-brand-700 bg-brand-700 text-white hover:bg-brand-800`}
        >
          Explora Tiendas
        </Link>
      </nav>
    </header>
  );
}

function Hero() {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-stone-50 px-4 py-16 text-center sm:py-24">
      <TianguisLogo className="mx-auto h-20 w-20" />
      <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-black tracking-tight text-balance sm:text-5xl">
        Compra local, directo a quien lo hace
      </h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-stone-700">
        Tianguis reúne a las panaderías, taquerías y talleres de tu ciudad en un solo lugar. Lo que pagas
        llega directo a los emprendedores, sin intermediarios.
      </p>
      <Link
        to={CATALOGUE}
        className="mt-8 inline-block rounded-xl bg-brand-700 px-6 py-3.5 text-lg font-bold text-white shadow-sm hover:bg-brand-800"
      >
        Ver el catálogo de Aguascalientes
      </Link>
    </section>
  );
}

function BuyLocalSection() {
  return (
    <section aria-labelledby="comprar-local" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="comprar-local" className="text-center text-3xl font-bold">
        ¿Por qué comprar local?
      </h2>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {buyLocal.map((item) => (
          <li key={item.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
            <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <item.Icon className="h-7 w-7" />
            </span>
            <h3 className="mt-3 text-lg font-semibold">{item.title}</h3>
            <p className="mt-2 text-stone-700">{item.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PlansSection() {
  return (
    <section aria-labelledby="planes" className="bg-white px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="planes" className="text-center text-3xl font-bold">
          Planes para tu negocio
        </h2>
        <p className="mt-2 text-center text-stone-700">Empieza gratis y crece cuando lo necesites.</p>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          <Plan
            name="Emprendedor"
            price="Gratis"
            features={[
              `Hasta ${AVAILABLE_PRODUCT_LIMITS.starter} productos`,
              "Pedidos ilimitados",
              "Tu página en tianguis.mx/tu-tienda",
              "Para una persona: tú",
            ]}
          />
          <Plan
            name="Negocio"
            price="$179 MXN/mes"
            highlighted
            features={[
              `Hasta ${AVAILABLE_PRODUCT_LIMITS.basic} productos`,
              "Categorías personalizadas",
              `Equipo de hasta ${TEAM_SIZE_LIMITS.basic} personas contándote, con roles: encargado y cajero`,
              "Inventario por producto, también diario («40 al día»), con «Agotado» y «Quedan N»",
              "Tu propio dominio",
              "Todo lo del plan Emprendedor",
              `Prueba gratis de ${TRIAL_DAYS} días al crear tu tienda`,
            ]}
          />
          <Plan
            name="Pro"
            price="Escríbenos"
            features={[
              `Hasta ${AVAILABLE_PRODUCT_LIMITS.premier} productos`,
              `Equipo de hasta ${TEAM_SIZE_LIMITS.premier} personas contándote`,
              "Todo lo del plan Negocio",
              "Para negocios con catálogo grande",
              "Atención personalizada",
            ]}
          />
        </div>
      </div>
    </section>
  );
}

function WhoCanSellSection() {
  return (
    <section aria-labelledby="quien" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="quien" className="text-center text-3xl font-bold">
        ¿Quién puede abrir una tienda?
      </h2>
      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <div className="rounded-2xl bg-green-50 p-6 ring-1 ring-green-200">
          <h3 className="text-lg font-semibold text-green-900">Sí: productos físicos</h3>
          <ul className="mt-3 list-inside list-disc space-y-1 text-green-950">
            <li>Ropa y accesorios</li>
            <li>Comida preparada</li>
            <li>Abarrotes</li>
            <li>Artesanías</li>
          </ul>
        </div>
        <div className="rounded-2xl bg-red-50 p-6 ring-1 ring-red-200">
          <h3 className="text-lg font-semibold text-red-900">No permitido</h3>
          <ul className="mt-3 list-inside list-disc space-y-1 text-red-950">
            <li>Servicios profesionales o personales</li>
            <li>Suscripciones digitales</li>
            <li>Cuentas o licencias compartidas</li>
            <li>Préstamos de dinero</li>
            <li>Productos ilegales</li>
          </ul>
        </div>
      </div>
    </section>
  );
}

function SellerBenefitsSection() {
  return (
    <section aria-labelledby="vendedores" className="bg-white px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="vendedores" className="text-center text-3xl font-bold">
          Lo que ganas al vender en Tianguis
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {sellerBenefits.map((item) => (
            <li key={item.title} className="rounded-2xl p-6 ring-1 ring-stone-200">
              <h3 className="text-lg font-semibold">{item.title}</h3>
              <p className="mt-2 text-stone-700">{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ExploreSection() {
  return (
    <section aria-labelledby="explora" className="px-4 py-16 text-center">
      <h2 id="explora" className="text-3xl font-bold">
        Descubre lo que se hace cerca de ti
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-stone-700">
        Pasteles, tacos, café de especialidad, jabones artesanales y más, de negocios de Aguascalientes.
      </p>
      <Link
        to={CATALOGUE}
        className="mt-6 inline-block rounded-xl bg-brand-700 px-6 py-3.5 text-lg font-bold text-white hover:bg-brand-800"
      >
        Explora Tiendas
      </Link>
    </section>
  );
}

function AlreadySellingSection() {
  return (
    <section aria-labelledby="ya-vendes" className="bg-stone-900 px-4 py-14 text-center text-white">
      <h2 id="ya-vendes" className="text-2xl font-bold">
        ¿Ya tienes tu tienda en Tianguis?
      </h2>
      <Link
        to="/i/login"
        className="mt-5 inline-block rounded-xl bg-white px-6 py-3 font-bold text-stone-900 hover:bg-stone-200"
      >
        Inicia Sesión
      </Link>
    </section>
  );
}

function LandingFooter({ contactEmail, socialUrl }: { contactEmail: string; socialUrl: string }) {
  return (
    <footer className="bg-stone-100 px-4 py-10 text-center text-stone-700">
      <h2 className="text-lg font-semibold text-ink">Contacto</h2>
      <p className="mt-2">
        Escríbenos a{" "}
        <a href={`mailto:${contactEmail}`} className="font-semibold text-brand-800 underline">
          {contactEmail}
        </a>
      </p>
      <p className="mt-1">
        <a href={socialUrl} className="font-semibold text-brand-800 underline" rel="noopener noreferrer">
          Síguenos en redes sociales
        </a>
      </p>
      <p className="mt-6 text-sm">Hecho con cariño para los negocios locales de México.</p>
    </footer>
  );
}

function Plan({
  name,
  price,
  features,
  highlighted = false,
}: {
  name: string;
  price: string;
  features: string[];
  highlighted?: boolean;
}) {
  return (
    <article
      className={`flex flex-col rounded-2xl p-6 ring-1 ${highlighted ? "bg-brand-50 ring-2 ring-brand-600" : "bg-white ring-stone-200"}`}
    >
      <h3 className="text-xl font-bold">{name}</h3>
      <p className="mt-2 text-2xl font-black text-brand-800">{price}</p>
      <ul className="mt-4 flex-1 space-y-2">
        {features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <CheckIcon className="mt-0.5 h-5 w-5 text-green-700" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <Link
        to="/i/signup"
        className="mt-6 rounded-lg bg-brand-700 px-4 py-2.5 text-center font-semibold text-white hover:bg-brand-800"
      >
        Crear mi tienda
      </Link>
    </article>
  );
}
