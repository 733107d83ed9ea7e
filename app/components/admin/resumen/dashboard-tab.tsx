import { Link } from "react-router";
import { discountAmountText, discountLabel } from "~/domain/promotions/promotions";
import { formatMoney } from "~/domain/money/money";
import { DELIVERY_LABELS } from "~/domain/orders/order-vocabulary";
import { formatQuantity } from "~/domain/products/quantity";
import type { ProductUnit } from "~/domain/products/product-units";
import {
  DASHBOARD_PERIODS,
  hourRange,
  peakIndex,
  shortDayLabel,
  WEEKDAY_LABELS,
  WEEKDAY_NAMES,
  type DashboardFigures,
} from "~/domain/stores/dashboard";
import { BarChart, LineChart, RankBars } from "./charts";

const countFormat = new Intl.NumberFormat("es-MX");
const plural = (count: number, one: string, many: string) =>
  `${countFormat.format(count)} ${count === 1 ? one : many}`;
const orders = (count: number) => plural(count, "pedido", "pedidos");

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div className="rounded-xl bg-white p-3 ring-1 ring-stone-200 sm:p-4">
      <dt className="text-sm text-stone-700">{label}</dt>
      {/* Smaller on a phone: two figures share a 360 px row and "$12,345.00" must fit its card. */}
      <dd className="mt-1 text-xl font-bold tabular-nums sm:text-2xl">{value}</dd>
      <dd className="text-sm text-stone-700">{detail}</dd>
    </div>
  );
}

/** The Resumen tab: how the store is doing today, this week and this month. Loaded lazily. */
export default function DashboardTab({ figures }: { figures: DashboardFigures }) {
  return (
    <section aria-labelledby="resumen-title" className="space-y-5">
      <DashboardHeader figures={figures} />
      <KeyFigures figures={figures} />
      {figures.placedOrders === 0 ? (
        <NoOrdersYet />
      ) : (
        <>
          {figures.dailySales.length > 1 ? <DailySalesChart figures={figures} /> : null}
          <OrderTimesCharts figures={figures} />
          <TopSellers figures={figures} />
          {figures.promotions.length > 0 ? <PromotionsUsed figures={figures} /> : null}
        </>
      )}
    </section>
  );
}

/** The tab's title, the period's dates and the links to the other periods. */
function DashboardHeader({ figures }: { figures: DashboardFigures }) {
  const range =
    figures.from === figures.to
      ? `Hoy, ${shortDayLabel(figures.to)}`
      : `Del ${shortDayLabel(figures.from)} al ${shortDayLabel(figures.to)}`;
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h2 id="resumen-title" className="text-xl font-bold">
          Resumen
        </h2>
        <p className="text-sm text-stone-700">{range} · hora de la Ciudad de México</p>
      </div>
      <nav aria-label="Periodo del resumen">
        <ul className="flex gap-1 rounded-lg bg-stone-100 p-1">
          {DASHBOARD_PERIODS.map((period) => (
            <li key={period.id}>
              <Link
                to={`?tab=resumen&periodo=${period.id}`}
                preventScrollReset
                aria-current={period.id === figures.period ? "page" : undefined}
                className="block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-stone-800 aria-[current=page]:bg-white aria-[current=page]:text-brand-800 aria-[current=page]:shadow-sm"
              >
                {period.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

/** Sales, orders, average ticket, visits and conversion over the period. */
function KeyFigures({ figures }: { figures: DashboardFigures }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
      <Figure
        label="Ventas"
        value={formatMoney(figures.sales)}
        detail={plural(figures.completedOrders, "orden completada", "órdenes completadas")}
      />
      <Figure
        label="Pedidos recibidos"
        value={countFormat.format(figures.placedOrders)}
        detail={`${plural(figures.byStatus.pending, "pendiente", "pendientes")} · ${plural(figures.byStatus.cancelled, "cancelada", "canceladas")}`}
      />
      <Figure
        label="Ticket promedio"
        value={figures.averageTicket === null ? "—" : formatMoney(figures.averageTicket)}
        detail="por orden completada"
      />
      <Figure
        label="Visitas a tu tienda"
        value={countFormat.format(figures.storeViews)}
        detail="visitas a tu página"
      />
      <Figure
        label="Conversión"
        value={figures.conversion === null ? "—" : `${figures.conversion.toLocaleString("es-MX")} %`}
        detail="de visitas a pedido"
      />
      {figures.tips > 0 ? (
        <Figure
          label="Propinas"
          value={formatMoney(figures.tips)}
          detail="de órdenes completadas, aparte de las ventas"
        />
      ) : null}
    </dl>
  );
}

function NoOrdersYet() {
  return (
    <div className="rounded-xl bg-white p-6 text-center ring-1 ring-stone-200">
      <p className="font-semibold">Todavía no hay pedidos en este periodo.</p>
      <p className="mt-1 text-sm text-stone-700">
        Comparte tu tienda para recibir más:{" "}
        <Link to="?tab=configuracion#share-kit-title" className="font-medium text-brand-800 underline">
          imprime tu cartel con código QR
        </Link>
        .
      </p>
    </div>
  );
}

function DailySalesChart({ figures }: { figures: DashboardFigures }) {
  return (
    <LineChart
      title="Ventas por día"
      description={`Ventas de cada día, de ${formatMoney(Math.min(...figures.dailySales.map((day) => day.sales)))} a ${formatMoney(Math.max(...figures.dailySales.map((day) => day.sales)))}.`}
      labelHeading="Día"
      valueHeading="Ventas"
      points={figures.dailySales.map((day) => ({
        label: shortDayLabel(day.date),
        value: day.sales,
        text: `${formatMoney(day.sales)} (${orders(day.orders)})`,
      }))}
    />
  );
}

/** When orders come in: by hour of the day and by day of the week, each with its busiest. */
function OrderTimesCharts({ figures }: { figures: DashboardFigures }) {
  const peakHour = peakIndex(figures.ordersByHour);
  const peakDay = peakIndex(figures.ordersByWeekday);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <BarChart
        title="Pedidos por hora del día"
        description={
          peakHour === null
            ? "Sin pedidos."
            : `La hora con más pedidos es de ${hourRange(peakHour)}, con ${orders(figures.ordersByHour[peakHour]!)}.`
        }
        highlight={peakHour}
        labelHeading="Hora"
        valueHeading="Pedidos"
        labelEvery={3}
        points={figures.ordersByHour.map((count, hour) => ({
          label: String(hour),
          name: hourRange(hour),
          value: count,
          text: countFormat.format(count),
        }))}
      />
      <BarChart
        title="Pedidos por día de la semana"
        description={
          peakDay === null
            ? "Sin pedidos."
            : `El día con más pedidos es el ${WEEKDAY_NAMES[peakDay]}, con ${orders(figures.ordersByWeekday[peakDay]!)}.`
        }
        highlight={peakDay}
        labelHeading="Día"
        valueHeading="Pedidos"
        points={figures.ordersByWeekday.map((count, day) => ({
          label: WEEKDAY_LABELS[day]!,
          name: WEEKDAY_NAMES[day]!,
          value: count,
          text: countFormat.format(count),
        }))}
      />
    </div>
  );
}

/** The best sellers by units and by amount, and how orders split between pickup and delivery. */
function TopSellers({ figures }: { figures: DashboardFigures }) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <div className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
        <h3 className="mb-3 font-semibold">Más vendidos por unidades</h3>
        <TopList
          label="Más vendidos por unidades"
          rows={figures.topByUnits.map((product) => ({
            name: product.name,
            value: product.units,
            text: formatQuantity(product.units, product.unit as ProductUnit),
          }))}
        />
      </div>
      <div className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
        <h3 className="mb-3 font-semibold">Más vendidos por monto</h3>
        <TopList
          label="Más vendidos por monto"
          rows={figures.topByAmount.map((product) => ({
            name: product.name,
            value: product.amount,
            text: formatMoney(product.amount),
          }))}
        />
      </div>
      {figures.topChoices.length > 0 ? (
        <div className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
          <h3 className="mb-3 font-semibold">Opciones más pedidas</h3>
          <TopList
            label="Opciones más pedidas"
            rows={figures.topChoices.map((choice) => ({
              name: `${choice.group}: ${choice.name}`,
              value: choice.units,
              text: countFormat.format(choice.units),
            }))}
          />
        </div>
      ) : null}
      <div className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
        <h3 className="mb-3 font-semibold">Recoger o entrega</h3>
        <RankBars
          label="Pedidos por forma de entrega"
          rows={(["pickup", "delivery"] as const).map((type) => ({
            name: DELIVERY_LABELS[type],
            value: figures.delivery[type],
            text: orders(figures.delivery[type]),
          }))}
        />
      </div>
      <div className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
        <h3 className="mb-3 font-semibold">Pagado con tarjeta o de otra forma</h3>
        <RankBars
          label="Pedidos por forma de pago"
          rows={[
            {
              name: "Tarjeta o Mercado Pago",
              value: figures.payments.card,
              text: orders(figures.payments.card),
            },
            {
              name: "Otra forma de pago",
              value: figures.payments.other,
              text: orders(figures.payments.other),
            },
          ]}
        />
      </div>
    </div>
  );
}

/** Each code and offer of the period: how many orders used it, what it took off and what they brought in. */
function PromotionsUsed({ figures }: { figures: DashboardFigures }) {
  return (
    <div className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
      <h3 className="mb-3 font-semibold">Promociones</h3>
      <ul className="divide-y divide-stone-200" aria-label="Usos y ventas por promoción">
        {figures.promotions.map((promotion) => (
          <li
            key={`${promotion.kind} ${promotion.name}`}
            className="flex flex-wrap justify-between gap-x-3 py-2"
          >
            <span className="min-w-0 font-medium break-words">{discountLabel(promotion)}</span>
            <span className="text-sm text-stone-700">
              {`${orders(promotion.uses)} · ${discountAmountText(promotion.discount)} · ventas ${formatMoney(promotion.revenue)}`}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function TopList({ label, rows }: { label: string; rows: { name: string; value: number; text: string }[] }) {
  if (rows.length === 0) return <p className="text-sm text-stone-700">Aún no hay órdenes completadas.</p>;
  return <RankBars label={label} rows={rows} />;
}
