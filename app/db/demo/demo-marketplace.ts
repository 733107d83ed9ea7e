import type { OutsideHours } from "~/domain/orders/scheduling";
import type { ChoiceGroup } from "~/domain/products/choices";
import type { ProductUnit } from "~/domain/products/product-units";
import type { LicenceType } from "~/domain/stores/licence-types";
import type { OpeningHours } from "~/domain/stores/opening-hours";
import type { DemoPictureName } from "./demo-pictures";

/** The living demo: businesses of Aguascalientes, the city the landing page links to. */

export const DEMO_PASSWORD = "tianguis123";
export const DEMO_OWNER_EMAIL = "demo@tianguis.mx";
export const DEMO_SUPERADMIN_EMAIL = "admin@tianguis.mx";

type DemoProduct = {
  name: string;
  description: string;
  price: number;
  unit: ProductUnit;
  /** For kg, L and mL: the quantity step and minimum a shopper orders by. */
  quantityStep?: number;
  minQuantity?: number;
  variations?: string[];
  /** Sizes that set the price and add-ons (docs/decisions/031). */
  choiceGroups?: ChoiceGroup[];
  category?: string;
  available?: boolean;
  /** Stock (Negocio and Pro): what is left today, what it refills to at each opening, "Quedan N" from. */
  stock?: number;
  dailyStock?: number;
  lowStockThreshold?: number;
  /** The drawing that stands in for the product's photo (app/db/demo/demo-pictures.ts). */
  picture: DemoPictureName;
};

export type DemoStore = {
  id: string;
  displayName: string;
  categoryId: string;
  ownerEmail: string;
  /** "trial" = the 30-day basic trial every new store gets; otherwise a paid licence. */
  licence: "trial" | LicenceType;
  isHidden?: boolean;
  /** The drawing at the middle of the store's logo. */
  logo: DemoPictureName;
  settings: {
    description: string;
    phone: string;
    contactEmail: string;
    primaryColor: string;
    secondaryColor: string;
    backgroundColor: string;
    allowPickup: boolean;
    allowDelivery: boolean;
    /** Street and number where orders are picked up: the store's JSON-LD `streetAddress`. */
    pickupAddress?: string;
    pickupInstructions?: string;
    deliveryInstructions?: string;
    requireWhatsappConfirmation?: boolean;
    facebookUrl?: string;
    instagramUrl?: string;
    customCategories?: string[];
    openingHours?: OpeningHours;
    outsideHours?: OutsideHours;
  };
  products: DemoProduct[];
  /** Discount codes and automatic offers (docs/decisions/036); offers name their products by name. */
  promotions?: {
    codes: {
      code: string;
      kind: "percent" | "amount";
      value: number;
      minSubtotal?: number;
      maxUses?: number;
    }[];
    offers: {
      name: string;
      kind: "bundle" | "percent";
      buy?: number;
      pay?: number;
      percent?: number;
      products?: string[];
      categories?: string[];
      weekdays?: number[];
      startMinute?: number;
      endMinute?: number;
    }[];
  };
};

type Range = [open: string, close: string];

/** Opening hours from one range per weekday, Sunday first; null is closed all day. */
function weekly(
  days: [Range | null, Range | null, Range | null, Range | null, Range | null, Range | null, Range | null],
): OpeningHours {
  return {
    weekly: days.map((day) => (day ? [{ open: day[0], close: day[1] }] : [])),
    exceptions: [],
  };
}

export const DEMO_STORES: DemoStore[] = [
  {
    id: "panaderia-la-espiga",
    displayName: "Panadería La Espiga",
    categoryId: "sweets",
    ownerEmail: DEMO_OWNER_EMAIL,
    licence: "trial",
    logo: "concha",
    settings: {
      description:
        "Horneamos desde 1987 en el barrio de San Marcos. El pan sale a las 7 de la mañana y otra vez a las 5 de la tarde; los pasteles, encárgalos con un día de anticipación.",
      phone: "4491234567",
      contactEmail: "hola@laespiga.mx",
      primaryColor: "#b45309",
      secondaryColor: "#fbbf24",
      backgroundColor: "#fffbeb",
      allowPickup: true,
      allowDelivery: true,
      pickupAddress: "Calle Juan de Montoro 214, Zona Centro",
      pickupInstructions: "Pasa por tu pedido al mostrador de la entrada.",
      deliveryInstructions: "Llevamos tu pedido en la zona centro; el envío cuesta $30.",
      requireWhatsappConfirmation: true,
      facebookUrl: "https://www.facebook.com/panaderialaespiga",
      instagramUrl: "https://www.instagram.com/panaderialaespiga",
      customCategories: ["Pan dulce", "Pasteles", "Galletas"],
      // Closed, it still takes orders for the next batch.
      openingHours: weekly([
        ["08:00", "14:00"],
        ["07:00", "20:00"],
        ["07:00", "20:00"],
        ["07:00", "20:00"],
        ["07:00", "20:00"],
        ["07:00", "20:00"],
        ["07:00", "20:00"],
      ]),
      outsideHours: "schedule",
    },
    products: [
      {
        name: "Concha",
        description: "La de siempre: esponjosa, con su costra crujiente. Escoge vainilla o chocolate.",
        price: 14,
        unit: "pieza",
        variations: ["Vainilla", "Chocolate"],
        category: "Pan dulce",
        // 40 al día, from each morning's opening.
        stock: 40,
        dailyStock: 40,
        lowStockThreshold: 5,
        picture: "concha",
      },
      {
        name: "Cuerno de mantequilla",
        description: "Hojaldrado con mantequilla de verdad, nada de margarina. Sale del horno a las 7.",
        price: 18,
        unit: "pieza",
        category: "Pan dulce",
        // Today's batch is gone: "Agotado" until tomorrow's opening.
        stock: 0,
        dailyStock: 24,
        lowStockThreshold: 5,
        picture: "cuerno",
      },
      {
        name: "Oreja",
        description: "Hojaldre con azúcar caramelizada, crujiente hasta el centro. Perfecta con café.",
        price: 15,
        unit: "pieza",
        category: "Pan dulce",
        // "Quedan 3".
        stock: 3,
        dailyStock: 30,
        lowStockThreshold: 5,
        picture: "oreja",
      },
      {
        name: "Pastel de tres leches",
        description:
          "Nuestro bizcocho bañado en tres leches, con crema batida. Alcanza para 12 personas; encárgalo un día antes.",
        price: 420,
        unit: "pieza",
        variations: ["Con fresas", "Con durazno", "Con nuez"],
        category: "Pasteles",
        picture: "pastel-tres-leches",
      },
      {
        name: "Pastel de chocolate",
        description: "Húmedo, con ganache de chocolate semiamargo. Para 12 personas; encárgalo un día antes.",
        price: 450,
        unit: "pieza",
        category: "Pasteles",
        picture: "pastel-chocolate",
      },
      {
        name: "Polvorones de nuez",
        description: "Con nuez de la región, se deshacen en la boca. Por kilo: trae unos 40 polvorones.",
        price: 260,
        unit: "kg",
        category: "Galletas",
        picture: "polvorones",
      },
      {
        name: "Bolillo",
        description: "Dorado y crujiente, recién salido para tus tortas. Pide los que necesites.",
        price: 4,
        unit: "pieza",
        category: "Pan dulce",
        picture: "bolillo",
      },
      {
        name: "Rosca de reyes",
        description: "Con ate, higo y sus muñequitos. La horneamos del 26 de diciembre al 6 de enero.",
        price: 380,
        unit: "pieza",
        variations: ["Mediana, 10 personas", "Grande, 20 personas"],
        category: "Pasteles",
        available: false,
        picture: "rosca",
      },
    ],
    promotions: {
      codes: [{ code: "BIENVENIDA10", kind: "percent", value: 10, minSubtotal: 100 }],
      // Tuesday mornings, from the first batch to noon.
      offers: [
        {
          name: "Martes de conchas",
          kind: "percent",
          percent: 20,
          products: ["Concha"],
          weekdays: [2],
          startMinute: 7 * 60,
          endMinute: 12 * 60,
        },
      ],
    },
  },
  {
    id: "tacos-don-chuy",
    displayName: "Tacos Don Chuy",
    categoryId: "takeout",
    ownerEmail: "donchuy@demo.tianguis.mx",
    licence: "starter",
    logo: "tacos-pastor",
    settings: {
      description:
        "Veinte años con el trompo en la colonia Las Américas. Pide por aquí y tu orden te espera lista, sin hacer fila.",
      phone: "4499876543",
      contactEmail: "pedidos@donchuy.mx",
      primaryColor: "#dc2626",
      secondaryColor: "#facc15",
      backgroundColor: "#fef2f2",
      allowPickup: true,
      allowDelivery: true,
      pickupAddress: "Av. de las Américas 1020, Col. Santa Elena",
      pickupInstructions: "Junto a la farmacia. Di tu nombre en la caja.",
      deliveryInstructions: "El envío es gratis en pedidos de más de $200 a menos de 3 km.",
      // Evenings only, past midnight on the weekend; closed on Monday.
      openingHours: weekly([
        ["18:00", "23:30"],
        null,
        ["18:00", "23:30"],
        ["18:00", "23:30"],
        ["18:00", "23:30"],
        ["18:00", "01:00"],
        ["18:00", "01:00"],
      ]),
    },
    products: [
      {
        name: "Tacos al pastor",
        description: "Orden de 5, con piña, cebolla y cilantro. Las salsas van aparte.",
        price: 75,
        unit: "pieza",
        variations: ["Tortilla de maíz", "Tortilla de harina"],
        picture: "tacos-pastor",
      },
      {
        name: "Gringa de pastor",
        description: "Tortilla de harina con queso gratinado y pastor, cortada en cuatro.",
        price: 65,
        unit: "pieza",
        picture: "gringa",
      },
      {
        name: "Tacos de chicharrón en salsa verde",
        description: "Orden de 4 tacos de guisado, como los de la mañana.",
        price: 60,
        unit: "pieza",
        picture: "tacos-guisado",
      },
      {
        name: "Quesadilla de flor de calabaza",
        description: "Tortilla hecha a mano con quesillo y flor de calabaza.",
        price: 45,
        unit: "pieza",
        picture: "quesadilla",
      },
      {
        name: "Agua de horchata",
        description: "La preparamos cada tarde con arroz y canela. Por litro o medio litro.",
        price: 40,
        unit: "L",
        quantityStep: 0.5,
        minQuantity: 0.5,
        picture: "horchata",
      },
      {
        name: "Salsa macha",
        description: "Chile de árbol, ajo y cacahuate en aceite. Frasco de 250 mL para tu casa.",
        price: 70,
        unit: "pieza",
        picture: "salsa-macha",
      },
      {
        name: "Consomé de res",
        description: "Vaso de medio litro, con garbanzo, cebolla y cilantro.",
        price: 40,
        unit: "pieza",
        picture: "consome",
      },
      {
        name: "Orden de tacos al pastor",
        description: "Del trompo, con piña, cebolla y cilantro. Elige cuántos y qué le agregamos.",
        price: 45,
        unit: "pieza",
        choiceGroups: [
          {
            id: "tamano",
            name: "Tamaño",
            kind: "size",
            min: 1,
            max: 1,
            options: [
              { id: "pastor3", name: "3 piezas", price: 45 },
              { id: "pastor5", name: "5 piezas", price: 70 },
            ],
          },
          {
            id: "extras",
            name: "Extras",
            kind: "extras",
            min: 0,
            max: 2,
            options: [
              { id: "queso", name: "Queso", price: 10 },
              { id: "aguacate", name: "Aguacate", price: 15 },
            ],
          },
        ],
        picture: "orden-pastor",
      },
    ],
  },
  {
    id: "cafe-los-arcos",
    displayName: "Café Los Arcos",
    categoryId: "takeout",
    ownerEmail: "losarcos@demo.tianguis.mx",
    licence: "basic",
    logo: "capuchino",
    settings: {
      description:
        "Tostamos cada semana café de Chiapas y Veracruz aquí junto al Jardín de San Marcos. ¿No sabes cuál llevar? Escríbenos y te recomendamos.",
      phone: "4495551234",
      contactEmail: "cafe@losarcos.mx",
      primaryColor: "#78350f",
      secondaryColor: "#d6d3d1",
      backgroundColor: "#fafaf9",
      allowPickup: true,
      allowDelivery: false,
      pickupAddress: "Jardín de San Marcos, local 4, Barrio de San Marcos",
      pickupInstructions: "Tu café te espera en la barra.",
      customCategories: ["Café en grano", "Bebidas", "Repostería"],
      openingHours: weekly([
        ["09:00", "15:00"],
        ["08:00", "21:00"],
        ["08:00", "21:00"],
        ["08:00", "21:00"],
        ["08:00", "21:00"],
        ["08:00", "21:00"],
        ["09:00", "21:00"],
      ]),
    },
    products: [
      {
        name: "Café de olla",
        description: "Con piloncillo y canela, en vaso de 12 onzas.",
        price: 38,
        unit: "pieza",
        category: "Bebidas",
        picture: "cafe-de-olla",
      },
      {
        name: "Café en grano Chiapas",
        description: "Tueste medio con notas de chocolate y nuez. Te lo molemos para tu cafetera.",
        price: 320,
        unit: "kg",
        variations: ["Grano entero", "Molido para prensa", "Molido para cafetera de goteo"],
        category: "Café en grano",
        picture: "cafe-chiapas",
      },
      {
        name: "Café en grano Veracruz",
        description: "Tueste oscuro y cuerpo intenso, el de siempre para el desayuno.",
        price: 300,
        unit: "kg",
        variations: ["Grano entero", "Molido para cafetera de goteo"],
        category: "Café en grano",
        picture: "cafe-veracruz",
      },
      {
        name: "Capuchino",
        description: "Doble de espresso con leche texturizada, en taza de 12 onzas.",
        price: 52,
        unit: "pieza",
        variations: ["Leche entera", "Leche de almendra"],
        category: "Bebidas",
        picture: "capuchino",
      },
      {
        name: "Cold brew",
        description: "Café infusionado en frío durante 18 horas. Botella de 355 mL, bien fría.",
        price: 65,
        unit: "pieza",
        category: "Bebidas",
        picture: "cold-brew",
      },
      {
        name: "Pay de queso",
        description: "Rebanada de pay de queso horneado con mermelada de zarzamora de la casa.",
        price: 58,
        unit: "pieza",
        category: "Repostería",
        picture: "pay-de-queso",
      },
    ],
  },
  {
    id: "artesanias-tlalli",
    displayName: "Artesanías Tlalli",
    categoryId: "gifts",
    ownerEmail: "tlalli@demo.tianguis.mx",
    licence: "premier",
    logo: "talavera",
    settings: {
      description:
        "Trabajamos con doce artesanas de Aguascalientes y de la sierra. Cada pieza está hecha a mano: puede variar un poco de la foto, y eso es lo bonito.",
      phone: "4492223344",
      contactEmail: "tienda@tlalli.mx",
      primaryColor: "#0f766e",
      secondaryColor: "#f472b6",
      backgroundColor: "#f0fdfa",
      allowPickup: true,
      allowDelivery: true,
      pickupAddress: "Calle Venustiano Carranza 301, Zona Centro",
      pickupInstructions: "Toca el timbre del taller.",
      deliveryInstructions: "Enviamos a todo Aguascalientes en 48 horas, bien envuelto.",
      instagramUrl: "https://www.instagram.com/artesaniastlalli",
      openingHours: weekly([
        null,
        ["10:00", "19:00"],
        ["10:00", "19:00"],
        ["10:00", "19:00"],
        ["10:00", "19:00"],
        ["10:00", "19:00"],
        ["10:00", "15:00"],
      ]),
    },
    products: [
      {
        name: "Mantel deshilado",
        description: "Manta de algodón con deshilado tradicional de Aguascalientes, 1.5 × 1.5 m.",
        price: 890,
        unit: "pieza",
        variations: ["Blanco", "Crudo"],
        picture: "mantel",
      },
      {
        name: "Servilletas bordadas",
        description: "Juego de 4, bordadas a mano con flores. Lavables a máquina en ciclo delicado.",
        price: 260,
        unit: "pieza",
        picture: "servilletas",
      },
      {
        name: "Taza de barro",
        description: "Barro vidriado sin plomo, para tu café de olla. Cabe 300 mL.",
        price: 120,
        unit: "pieza",
        variations: ["Azul", "Verde", "Terracota"],
        picture: "taza-de-barro",
      },
      {
        name: "Jarrón de talavera",
        description: "Pintado a mano en Puebla, 25 cm de alto. Cada uno trae su propio dibujo.",
        price: 650,
        unit: "pieza",
        picture: "talavera",
      },
      {
        name: "Rebozo de algodón",
        description: "Tejido en telar de pedal, con su rapacejo anudado a mano.",
        price: 980,
        unit: "pieza",
        variations: ["Rosa mexicano", "Azul añil"],
        picture: "rebozo",
      },
      {
        name: "Alebrije pequeño",
        description: "Tallado en copal y pintado a mano, unos 15 cm. Ninguno sale igual.",
        price: 340,
        unit: "pieza",
        picture: "alebrije",
      },
      {
        name: "Canasta de palma",
        description: "Tejida de palma natural, ideal para el pan o para el mercado.",
        price: 210,
        unit: "pieza",
        picture: "canasta",
      },
    ],
  },
  {
    id: "jabones-luna",
    displayName: "Jabones Luna",
    categoryId: "beauty",
    ownerEmail: "luna@demo.tianguis.mx",
    licence: "basic",
    logo: "jabon-avena",
    settings: {
      description:
        "Hago cada jabón a mano, en lotes pequeños, con aceites vegetales y sin sulfatos. Los dejo curar seis semanas antes de venderlos.",
      phone: "4493334455",
      contactEmail: "hola@jabonesluna.mx",
      primaryColor: "#7c3aed",
      secondaryColor: "#c4b5fd",
      backgroundColor: "#faf5ff",
      allowPickup: false,
      allowDelivery: true,
      deliveryInstructions: "Entrego martes y viernes por la tarde en la ciudad.",
      customCategories: ["Jabones", "Cremas"],
    },
    products: [
      {
        name: "Jabón de avena y miel",
        description: "Para piel sensible, con avena molida y miel de Calvillo. Barra de 120 g.",
        price: 65,
        unit: "pieza",
        category: "Jabones",
        picture: "jabon-avena",
      },
      {
        name: "Jabón de carbón activado",
        description: "Limpieza profunda para piel grasa, con árbol de té. Barra de 120 g.",
        price: 70,
        unit: "pieza",
        category: "Jabones",
        picture: "jabon-carbon",
      },
      {
        name: "Crema de manos de karité",
        description: "Hidrata sin dejar las manos grasosas. Frasco de 100 mL.",
        price: 140,
        unit: "pieza",
        variations: ["Lavanda", "Sin aroma"],
        category: "Cremas",
        picture: "crema-karite",
      },
      {
        name: "Bálsamo labial",
        description: "Cera de abeja y manteca de cacao, en barra de 5 g.",
        price: 45,
        unit: "pieza",
        variations: ["Menta", "Vainilla"],
        picture: "balsamo-labial",
      },
      {
        name: "Sales de baño",
        description: "Sales de mar con pétalos de rosa y aceite de lavanda. Frasco de 250 g.",
        price: 120,
        unit: "pieza",
        picture: "sales-de-bano",
      },
      {
        name: "Shampoo sólido de romero",
        description: "Sin sulfatos, para cabello graso. Una barra dura unas 60 lavadas.",
        price: 150,
        unit: "pieza",
        picture: "shampoo-romero",
      },
    ],
  },
  {
    id: "dulceria-tia-mary",
    displayName: "Dulcería Tía Mary",
    categoryId: "sweets",
    ownerEmail: "tiamary@demo.tianguis.mx",
    licence: "starter",
    logo: "cocadas",
    settings: {
      description:
        "Soy Mary y hago los dulces como los hacía mi abuela: cajeta, ates y cocadas, sin conservadores. Me encuentras en el Mercado Terán.",
      phone: "4496667788",
      contactEmail: "tiamary@dulces.mx",
      primaryColor: "#db2777",
      secondaryColor: "#fde047",
      backgroundColor: "#fdf2f8",
      allowPickup: true,
      allowDelivery: false,
      pickupAddress: "Mercado Terán, local 58, Zona Centro",
      pickupInstructions: "En el pasillo de los dulces.",
      openingHours: weekly([
        ["10:00", "15:00"],
        ["09:00", "18:00"],
        ["09:00", "18:00"],
        ["09:00", "18:00"],
        ["09:00", "18:00"],
        ["09:00", "18:00"],
        ["09:00", "18:00"],
      ]),
    },
    products: [
      {
        name: "Cajeta",
        description: "De leche de cabra, cocida a fuego lento en cazo de cobre. Frasco de 350 g.",
        price: 95,
        unit: "pieza",
        variations: ["Quemada", "Envinada"],
        picture: "cajeta",
      },
      {
        name: "Ate de membrillo",
        description: "Con membrillo de la huerta de mi familia. Te lo corto del tamaño que lo pidas.",
        price: 110,
        unit: "kg",
        // Cut to order: the owner sells it by the quarter kilo; the other products by kg go in whole kilos.
        quantityStep: 0.25,
        minQuantity: 0.25,
        picture: "ate",
      },
      {
        name: "Cocadas",
        description: "Horneadas, doraditas por fuera y suaves por dentro. Paquete de 6.",
        price: 60,
        unit: "pieza",
        picture: "cocadas",
      },
      {
        name: "Alegrías",
        description: "De amaranto con miel y pasitas. Paquete de 10.",
        price: 50,
        unit: "pieza",
        picture: "alegrias",
      },
      {
        name: "Jamoncillo de leche",
        description: "De tres colores, con nuez encima. Paquete de 4.",
        price: 55,
        unit: "pieza",
        picture: "jamoncillo",
      },
      {
        name: "Obleas con cajeta",
        description: "Obleas de colores rellenas de cajeta. Paquete de 8.",
        price: 45,
        unit: "pieza",
        picture: "obleas",
      },
      {
        name: "Mazapán de cacahuate",
        description: "Del que se deshace en la boca. Caja de 12.",
        price: 72,
        unit: "pieza",
        picture: "mazapan",
      },
    ],
  },
  {
    id: "regalos-sorpresa",
    displayName: "Regalos Sorpresa",
    categoryId: "gifts",
    ownerEmail: "sorpresa@demo.tianguis.mx",
    licence: "starter",
    isHidden: true,
    logo: "caja-de-regalo",
    settings: {
      description: "Arreglos y cajas de regalo para cumpleaños. Por ahora la tienda está en pausa.",
      phone: "",
      contactEmail: "sorpresa@regalos.mx",
      primaryColor: "#2563eb",
      secondaryColor: "#22d3ee",
      backgroundColor: "#f8fafc",
      allowPickup: true,
      allowDelivery: false,
    },
    products: [
      {
        name: "Caja de regalo con café",
        description: "Medio kilo de café en grano y una taza de barro, envueltos para regalo.",
        price: 450,
        unit: "pieza",
        picture: "caja-de-regalo",
      },
      {
        name: "Arreglo de globos",
        description: "Tres globos de látex con helio y su listón, para cumpleaños.",
        price: 380,
        unit: "pieza",
        picture: "globos",
      },
    ],
  },
];

/** The demo's shoppers; each has a phone, as a delivery order needs one. */
export const DEMO_CUSTOMERS = [
  { name: "María Fernanda López", phone: "4491112233", address: "Av. Convención 1914 #320, Col. España" },
  { name: "José Luis Hernández", phone: "4492223311", address: "Calle Madero 145, Zona Centro" },
  { name: "Guadalupe Ramírez", phone: "4494430187", address: "Privada Los Pinos 12, Fracc. Bosques" },
  { name: "Ricardo Martínez", phone: "4495550099", address: "Blvd. Zacatecas 800, Col. Trojes" },
  { name: "Ana Sofía Delgado", phone: "4497771020", address: "Calle Nieto 310, Barrio de San Marcos" },
  { name: "Jorge Esparza", phone: "4493216540", address: "Av. Universidad 940, Fracc. Bosques del Prado" },
  { name: "Claudia Romo", phone: "4499125563", address: "Calle Álvaro Obregón 22, Barrio de la Purísima" },
  { name: "Luis Enrique Macías", phone: "4498804411", address: "Av. Aguascalientes Sur 1230, Col. Jardines" },
];
