import type { LicenceType } from "~/domain/stores/licence-types";
import type { ProductUnit } from "~/domain/products/product-units";

/** The living demo: businesses of Aguascalientes, the city the landing page links to. */

export const DEMO_PASSWORD = "tianguis123";
export const DEMO_OWNER_EMAIL = "demo@tianguis.mx";
export const DEMO_SUPERADMIN_EMAIL = "admin@tianguis.mx";

type DemoProduct = {
  name: string;
  description: string;
  price: number;
  unit: ProductUnit;
  variations?: string[];
  category?: string;
  available?: boolean;
};

export type DemoStore = {
  id: string;
  displayName: string;
  categoryId: string;
  ownerEmail: string;
  /** "trial" = the 30-day basic trial every new store gets; otherwise a paid licence. */
  licence: "trial" | LicenceType;
  isHidden?: boolean;
  settings: {
    description: string;
    phone: string;
    contactEmail: string;
    primaryColor: string;
    secondaryColor: string;
    backgroundColor: string;
    allowPickup: boolean;
    allowDelivery: boolean;
    pickupInstructions?: string;
    deliveryInstructions?: string;
    requireWhatsappConfirmation?: boolean;
    facebookUrl?: string;
    instagramUrl?: string;
    customCategories?: string[];
  };
  products: DemoProduct[];
};

export const DEMO_STORES: DemoStore[] = [
  {
    id: "panaderia-la-espiga",
    displayName: "Panadería La Espiga",
    categoryId: "sweets",
    ownerEmail: DEMO_OWNER_EMAIL,
    licence: "trial",
    settings: {
      description: "Pan dulce recién horneado cada mañana en el barrio de San Marcos desde 1987.",
      phone: "4491234567",
      contactEmail: "hola@laespiga.mx",
      primaryColor: "#b45309",
      secondaryColor: "#fbbf24",
      backgroundColor: "#fffbeb",
      allowPickup: true,
      allowDelivery: true,
      pickupInstructions: "Recoge en Calle Juan de Montoro 214, de 7:00 a 20:00.",
      deliveryInstructions: "Entregamos en la zona centro; envío de $30.",
      requireWhatsappConfirmation: true,
      facebookUrl: "https://www.facebook.com/panaderialaespiga",
      instagramUrl: "https://www.instagram.com/panaderialaespiga",
      customCategories: ["Pan dulce", "Pasteles", "Galletas"],
    },
    products: [
      {
        name: "Concha de vainilla",
        description: "Clásica concha esponjosa con costra de vainilla.",
        price: 14,
        unit: "pieza",
        variations: ["Vainilla", "Chocolate"],
        category: "Pan dulce",
      },
      {
        name: "Cuerno de mantequilla",
        description: "Hojaldrado, dorado y con mantequilla de verdad.",
        price: 18,
        unit: "pieza",
        category: "Pan dulce",
      },
      {
        name: "Oreja",
        description: "Hojaldre caramelizado, crujiente por fuera.",
        price: 15,
        unit: "pieza",
        category: "Pan dulce",
      },
      {
        name: "Pastel de tres leches",
        description: "Bizcocho bañado en tres leches con crema batida y fresas.",
        price: 420,
        unit: "pieza",
        variations: ["Chico (8 personas)", "Grande (15 personas)"],
        category: "Pasteles",
      },
      {
        name: "Pastel de chocolate",
        description: "Pan de chocolate húmedo con ganache semiamargo.",
        price: 450,
        unit: "pieza",
        variations: ["Chico (8 personas)", "Grande (15 personas)"],
        category: "Pasteles",
      },
      {
        name: "Galletas de nuez",
        description: "Polvorones de nuez de la región, por kilo.",
        price: 260,
        unit: "kg",
        category: "Galletas",
      },
      {
        name: "Bolillo",
        description: "Bolillo de masa madre para tus tortas.",
        price: 4,
        unit: "pieza",
        category: "Pan dulce",
      },
      {
        name: "Rosca de reyes",
        description: "Con ate, higo y su muñequito. Solo en temporada.",
        price: 380,
        unit: "pieza",
        variations: ["Mediana", "Grande"],
        category: "Pasteles",
        available: false,
      },
    ],
  },
  {
    id: "tacos-don-chuy",
    displayName: "Tacos Don Chuy",
    categoryId: "takeout",
    ownerEmail: "donchuy@demo.tianguis.mx",
    licence: "starter",
    settings: {
      description: "Tacos al pastor y de guisado en la colonia Las Américas. ¡Pide para llevar!",
      phone: "4499876543",
      contactEmail: "pedidos@donchuy.mx",
      primaryColor: "#dc2626",
      secondaryColor: "#facc15",
      backgroundColor: "#fef2f2",
      allowPickup: true,
      allowDelivery: true,
      pickupInstructions: "Av. de las Américas 1020, junto a la farmacia.",
      deliveryInstructions: "Envío gratis en pedidos mayores a $200 dentro de 3 km.",
    },
    products: [
      {
        name: "Tacos al pastor",
        description: "Orden de 5 tacos con piña, cebolla y cilantro.",
        price: 75,
        unit: "pieza",
        variations: ["Maíz", "Harina"],
      },
      {
        name: "Gringa de pastor",
        description: "Tortilla de harina con queso gratinado y pastor.",
        price: 65,
        unit: "pieza",
      },
      {
        name: "Tacos de chicharrón en salsa verde",
        description: "Orden de 4 tacos de guisado.",
        price: 60,
        unit: "pieza",
      },
      {
        name: "Quesadilla de flor de calabaza",
        description: "Tortilla hecha a mano con quesillo.",
        price: 45,
        unit: "pieza",
      },
      {
        name: "Agua de horchata",
        description: "Preparada en casa con canela.",
        price: 35,
        unit: "L",
        variations: ["Medio litro", "Litro"],
      },
      {
        name: "Salsa macha",
        description: "Con chile de árbol y cacahuate, frasco de 250 mL.",
        price: 70,
        unit: "mL",
      },
      { name: "Consomé de res", description: "Con garbanzo, cebolla y cilantro.", price: 40, unit: "pieza" },
    ],
  },
  {
    id: "cafe-los-arcos",
    displayName: "Café Los Arcos",
    categoryId: "takeout",
    ownerEmail: "losarcos@demo.tianguis.mx",
    licence: "basic",
    settings: {
      description: "Café de especialidad de Veracruz y Chiapas, tostado en Aguascalientes.",
      phone: "4495551234",
      contactEmail: "cafe@losarcos.mx",
      primaryColor: "#78350f",
      secondaryColor: "#d6d3d1",
      backgroundColor: "#fafaf9",
      allowPickup: true,
      allowDelivery: false,
      pickupInstructions: "Jardín de San Marcos, local 4.",
      customCategories: ["Café en grano", "Bebidas", "Repostería"],
    },
    products: [
      {
        name: "Café de olla",
        description: "Con piloncillo y canela, para llevar.",
        price: 38,
        unit: "pieza",
        category: "Bebidas",
      },
      {
        name: "Café en grano Chiapas",
        description: "Tueste medio, notas de chocolate y nuez.",
        price: 320,
        unit: "kg",
        variations: ["Grano entero", "Molido fino", "Molido medio"],
        category: "Café en grano",
      },
      {
        name: "Café en grano Veracruz",
        description: "Tueste oscuro, cuerpo intenso.",
        price: 300,
        unit: "kg",
        variations: ["Grano entero", "Molido medio"],
        category: "Café en grano",
      },
      {
        name: "Capuchino",
        description: "Espresso doble con leche texturizada.",
        price: 52,
        unit: "pieza",
        variations: ["Leche entera", "Leche de almendra"],
        category: "Bebidas",
      },
      {
        name: "Cold brew",
        description: "Infusión en frío de 18 horas, botella.",
        price: 95,
        unit: "L",
        category: "Bebidas",
      },
      {
        name: "Pay de queso",
        description: "Rebanada de pay de queso con zarzamora.",
        price: 58,
        unit: "pieza",
        category: "Repostería",
      },
    ],
  },
  {
    id: "artesanias-tlalli",
    displayName: "Artesanías Tlalli",
    categoryId: "gifts",
    ownerEmail: "tlalli@demo.tianguis.mx",
    licence: "premier",
    settings: {
      description: "Deshilado de Aguascalientes, barro y textiles hechos por artesanas de la región.",
      phone: "4492223344",
      contactEmail: "tienda@tlalli.mx",
      primaryColor: "#0f766e",
      secondaryColor: "#f472b6",
      backgroundColor: "#f0fdfa",
      allowPickup: true,
      allowDelivery: true,
      deliveryInstructions: "Envíos a todo Aguascalientes en 48 horas.",
      instagramUrl: "https://www.instagram.com/artesaniastlalli",
    },
    products: [
      {
        name: "Mantel deshilado",
        description: "Mantel de manta con deshilado tradicional, 1.5 × 1.5 m.",
        price: 890,
        unit: "pieza",
        variations: ["Blanco", "Crudo"],
      },
      {
        name: "Servilletas bordadas",
        description: "Juego de 4 servilletas bordadas a mano.",
        price: 260,
        unit: "pieza",
      },
      {
        name: "Taza de barro",
        description: "Taza de barro vidriado sin plomo.",
        price: 120,
        unit: "pieza",
        variations: ["Azul", "Verde", "Terracota"],
      },
      {
        name: "Jarrón de talavera",
        description: "Pintado a mano, 25 cm de alto.",
        price: 650,
        unit: "pieza",
      },
      {
        name: "Rebozo de algodón",
        description: "Tejido en telar de pedal.",
        price: 980,
        unit: "pieza",
        variations: ["Rosa mexicano", "Azul añil"],
      },
      {
        name: "Alebrije pequeño",
        description: "Figura tallada en copal y pintada a mano.",
        price: 340,
        unit: "pieza",
      },
      {
        name: "Canasta de palma",
        description: "Canasta tejida de palma natural.",
        price: 210,
        unit: "pieza",
      },
    ],
  },
  {
    id: "jabones-luna",
    displayName: "Jabones Luna",
    categoryId: "beauty",
    ownerEmail: "luna@demo.tianguis.mx",
    licence: "basic",
    settings: {
      description: "Jabones y cremas artesanales con ingredientes naturales.",
      phone: "4493334455",
      contactEmail: "hola@jabonesluna.mx",
      primaryColor: "#7c3aed",
      secondaryColor: "#c4b5fd",
      backgroundColor: "#faf5ff",
      allowPickup: false,
      allowDelivery: true,
      deliveryInstructions: "Entregas martes y viernes por la tarde.",
      customCategories: ["Jabones", "Cremas"],
    },
    products: [
      {
        name: "Jabón de avena y miel",
        description: "Para piel sensible, 120 g.",
        price: 65,
        unit: "pieza",
        category: "Jabones",
      },
      {
        name: "Jabón de carbón activado",
        description: "Limpieza profunda, 120 g.",
        price: 70,
        unit: "pieza",
        category: "Jabones",
      },
      {
        name: "Crema de manos de karité",
        description: "Hidratación intensa, 100 mL.",
        price: 140,
        unit: "mL",
        variations: ["Lavanda", "Sin aroma"],
        category: "Cremas",
      },
      {
        name: "Bálsamo labial",
        description: "Cera de abeja y cacao.",
        price: 45,
        unit: "pieza",
        variations: ["Menta", "Vainilla"],
      },
      { name: "Sales de baño", description: "Sales con pétalos de rosa, frasco.", price: 120, unit: "pieza" },
      {
        name: "Shampoo sólido de romero",
        description: "Sin sulfatos, dura hasta 60 lavadas.",
        price: 150,
        unit: "pieza",
      },
    ],
  },
  {
    id: "dulceria-tia-mary",
    displayName: "Dulcería Tía Mary",
    categoryId: "sweets",
    ownerEmail: "tiamary@demo.tianguis.mx",
    licence: "starter",
    settings: {
      description: "Dulces típicos mexicanos: cajeta, ates, cocadas y más.",
      phone: "4496667788",
      contactEmail: "tiamary@dulces.mx",
      primaryColor: "#db2777",
      secondaryColor: "#fde047",
      backgroundColor: "#fdf2f8",
      allowPickup: true,
      allowDelivery: false,
      pickupInstructions: "Mercado Terán, local 58.",
    },
    products: [
      {
        name: "Cajeta de Celaya",
        description: "Cajeta quemada de leche de cabra, frasco.",
        price: 95,
        unit: "pieza",
        variations: ["Quemada", "Envinada"],
      },
      { name: "Ate de membrillo", description: "Hecho en casa, por kilo.", price: 110, unit: "kg" },
      { name: "Cocadas", description: "Paquete de 6 cocadas horneadas.", price: 60, unit: "pieza" },
      {
        name: "Alegrías",
        description: "Paquete de 10 alegrías de amaranto con miel.",
        price: 50,
        unit: "pieza",
      },
      { name: "Jamoncillo de leche", description: "Con nuez, paquete de 4.", price: 55, unit: "pieza" },
      { name: "Obleas con cajeta", description: "Paquete de 8 obleas.", price: 45, unit: "pieza" },
      { name: "Mazapán artesanal", description: "De cacahuate, caja de 12.", price: 72, unit: "pieza" },
    ],
  },
  {
    id: "regalos-sorpresa",
    displayName: "Regalos Sorpresa",
    categoryId: "gifts",
    ownerEmail: "sorpresa@demo.tianguis.mx",
    licence: "starter",
    isHidden: true,
    settings: {
      description: "Arreglos y cajas de regalo (tienda en pausa).",
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
        description: "Café en grano y taza de barro.",
        price: 450,
        unit: "pieza",
      },
      { name: "Arreglo de globos", description: "Arreglo para cumpleaños.", price: 380, unit: "pieza" },
    ],
  },
];

export const DEMO_CUSTOMERS = [
  { name: "María Fernanda López", phone: "4491112233", address: "Av. Convención 1914 #320, Col. España" },
  { name: "José Luis Hernández", phone: "4492223311", address: "Calle Madero 145, Zona Centro" },
  { name: "Guadalupe Ramírez", phone: "", address: "Privada Los Pinos 12, Fracc. Bosques" },
  { name: "Ricardo Martínez", phone: "4495550099", address: "Blvd. Zacatecas 800, Col. Trojes" },
];
