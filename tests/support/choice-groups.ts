import type { ChoiceGroup } from "~/domain/products/choices";

/**
 * The choice groups tests sell with: a taquería's order of tacos in two sizes with three extras (at
 * most two), and a bakery's two sizes, which the tests of a size's own stock count.
 */
export const TACO_GROUPS: ChoiceGroup[] = [
  {
    id: "tamano",
    name: "Tamaño",
    kind: "size",
    min: 1,
    max: 1,
    options: [
      { id: "p3", name: "3 piezas", price: 45 },
      { id: "p5", name: "5 piezas", price: 70 },
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
      { id: "cebolla", name: "Cebolla asada", price: 5 },
    ],
  },
];

export const BAKERY_SIZES: ChoiceGroup = {
  id: "tamano",
  name: "Tamaño",
  kind: "size",
  min: 1,
  max: 1,
  options: [
    { id: "chica", name: "Chica", price: 12 },
    { id: "grande", name: "Grande", price: 18 },
  ],
};
