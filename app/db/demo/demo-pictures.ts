/**
 * Drawn pictures for the demo marketplace (docs/decisions/020): flat illustrations that read as what the
 * demo shops sell — bread, tacos, coffee, sweets, crafts and soaps — written as SVG and turned
 * into images with sharp at seed time. Nothing is downloaded and no binary file is kept in the
 * repository. Pure: SVG text only.
 *
 * Every picture is drawn on an 800 × 800 canvas with its subject inside the middle 600 px band,
 * because the storefront shows product pictures cropped to 4:3.
 */

type Svg = string;

// ── Shared shapes ──────────────────────────────────────────────────────────────────────────

const fmt = (value: number) => Number(value.toFixed(1));

function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ""): Svg {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}" ${extra}/>`;
}

function circle(cx: number, cy: number, r: number, fill: string, extra = ""): Svg {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`;
}

function rect(x: number, y: number, width: number, height: number, fill: string, extra = ""): Svg {
  return `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="${fill}" ${extra}/>`;
}

function path(d: string, fill: string, extra = ""): Svg {
  return `<path d="${d}" fill="${fill}" ${extra}/>`;
}

function line(d: string, stroke: string, width: number, extra = ""): Svg {
  return `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" ${extra}/>`;
}

/** A soft shadow on the table under an object. */
function shadow(cx: number, cy: number, rx: number, ry = rx * 0.18): Svg {
  return ellipse(cx, cy, rx, ry, "#000", `fill-opacity="0.13"`);
}

/** A white plate seen at an angle. */
function plate(cx: number, cy: number, r: number, rim = "#ffffff", well = "#f2eee8"): Svg {
  return (
    shadow(cx, cy + r * 0.08, r * 1.02, r * 0.5) +
    ellipse(cx, cy, r, r * 0.48, rim) +
    ellipse(cx, cy + r * 0.02, r * 0.74, r * 0.33, well)
  );
}

/** A pseudo-random but repeatable sequence, so a picture is the same on every seed. */
function sequence(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 4_294_967_296;
  };
}

/** Small dots scattered inside an ellipse: sugar, seeds, oats, sprinkles. */
function speckles(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  count: number,
  colours: string[],
  size: [number, number],
  seed: number,
): Svg {
  const next = sequence(seed);
  let out = "";
  for (let index = 0; index < count; index++) {
    const angle = next() * Math.PI * 2;
    const distance = Math.sqrt(next());
    const x = cx + Math.cos(angle) * rx * distance;
    const y = cy + Math.sin(angle) * ry * distance;
    const r = size[0] + next() * (size[1] - size[0]);
    out += circle(fmt(x), fmt(y), fmt(r), colours[index % colours.length]!);
  }
  return out;
}

/** An Archimedean spiral as a polyline path, turning `turns` times out to `radius`. */
function spiral(cx: number, cy: number, radius: number, turns: number, direction: 1 | -1): string {
  const steps = Math.round(turns * 40);
  const points: string[] = [];
  for (let step = 0; step <= steps; step++) {
    const t = step / steps;
    const angle = direction * t * turns * Math.PI * 2 - Math.PI / 2;
    const r = radius * t;
    points.push(`${fmt(cx + Math.cos(angle) * r)},${fmt(cy + Math.sin(angle) * r)}`);
  }
  return `M${points.join(" L")}`;
}

// ── Bread and cakes ────────────────────────────────────────────────────────────────────────

function conchaBun(cx: number, cy: number, scale: number, crust: string, groove: string, id: string): Svg {
  const rx = 190 * scale;
  const ry = 120 * scale;
  let grooves = "";
  for (let index = -4; index <= 4; index++) {
    grooves += line(
      `M${cx + index * 8 * scale},${cy - ry * 1.2} Q${cx + index * 46 * scale},${cy - ry * 0.2} ${cx + index * 58 * scale},${cy + ry * 1.1}`,
      groove,
      9 * scale,
    );
  }
  return (
    shadow(cx, cy + ry * 0.95, rx * 1.05, ry * 0.3) +
    ellipse(cx, cy + ry * 0.35, rx * 1.02, ry * 0.85, "#c98a3d") +
    `<clipPath id="${id}"><ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}"/></clipPath>` +
    ellipse(cx, cy, rx, ry, crust) +
    `<g clip-path="url(#${id})">${grooves}</g>` +
    ellipse(cx - rx * 0.35, cy - ry * 0.45, rx * 0.28, ry * 0.14, "#fff", `fill-opacity="0.25"`)
  );
}

function concha(): Svg {
  return (
    plate(400, 470, 330) +
    conchaBun(300, 390, 0.82, "#6b3b22", "#4a2614", "chocolate") +
    conchaBun(470, 450, 0.95, "#f5e2bb", "#dcb97f", "vainilla")
  );
}

type Point = [number, number];

function bezier(from: Point, c1: Point, c2: Point, to: Point, t: number): Point {
  const u = 1 - t;
  return [0, 1].map(
    (axis) =>
      u * u * u * from[axis]! + 3 * u * u * t * c1[axis]! + 3 * u * t * t * c2[axis]! + t * t * t * to[axis]!,
  ) as Point;
}

function cuerno(): Svg {
  // A crescent, thick in the middle and tapering to tips that curl down, scored across by its
  // rolled layers (lines between matching points of the upper and lower edges).
  const left: Point = [150, 585];
  const right: Point = [650, 585];
  const upper = (t: number) => bezier(left, [130, 250], [670, 250], right, t);
  const lower = (t: number) => bezier(left, [260, 500], [540, 500], right, t);
  const outline = "M150,585 C130,250 670,250 650,585 C540,500 260,500 150,585 Z";
  let layers = "";
  for (let index = 1; index < 8; index++) {
    const t = index / 8;
    const [x1, y1] = upper(t);
    const [x2, y2] = lower(t);
    layers +=
      line(
        `M${fmt(x1)},${fmt(y1 - 10)} Q${fmt((x1 + x2) / 2 + (t - 0.5) * 30)},${fmt((y1 + y2) / 2)} ${fmt(x2)},${fmt(y2 + 10)}`,
        "#a9611f",
        8,
      ) +
      line(
        `M${fmt(x1 + 24)},${fmt(y1 - 10)} L${fmt(x2 + 20)},${fmt(y2 + 10)}`,
        "#ffffff",
        18,
        `stroke-opacity="0.16"`,
      );
  }
  return (
    plate(400, 510, 330) +
    shadow(400, 555, 250, 36) +
    path(outline, "#e0a048") +
    `<clipPath id="cuerno"><path d="${outline}"/></clipPath><g clip-path="url(#cuerno)">${layers}</g>` +
    path(outline, "none", `stroke="#a9611f" stroke-width="6" stroke-linejoin="round"`)
  );
}

function oreja(): Svg {
  const palmier = (cx: number, cy: number, scale: number) =>
    `<g transform="translate(${cx} ${cy}) scale(${scale})">` +
    shadow(0, 150, 230, 40) +
    path(
      "M0,150 C-60,150 -230,120 -230,-10 C-230,-120 -150,-170 -80,-170 C-30,-170 0,-140 0,-110 C0,-140 30,-170 80,-170 C150,-170 230,-120 230,-10 C230,120 60,150 0,150 Z",
      "#d9923c",
    ) +
    line(spiral(-95, -35, 125, 2.6, 1), "#f3c77e", 20) +
    line(spiral(95, -35, 125, 2.6, -1), "#f3c77e", 20) +
    line(spiral(-95, -35, 125, 2.6, 1), "#a65a1c", 5, `transform="translate(6 6)" stroke-opacity="0.5"`) +
    line(spiral(95, -35, 125, 2.6, -1), "#a65a1c", 5, `transform="translate(6 6)" stroke-opacity="0.5"`) +
    speckles(0, -20, 190, 110, 40, ["#fff6e0"], [3, 6], 7) +
    "</g>";
  return plate(400, 480, 330) + palmier(400, 430, 0.95);
}

function bolillo(): Svg {
  const roll = (cx: number, cy: number, rotation: number) =>
    `<g transform="translate(${cx} ${cy}) rotate(${rotation})">` +
    shadow(0, 75, 230, 38) +
    ellipse(0, 10, 225, 92, "#b8702c") +
    ellipse(0, 0, 215, 84, "#d18a3c") +
    path("M-170,8 C-90,-30 90,-30 170,8 C90,-6 -90,-6 -170,8 Z", "#f2d7a2") +
    ellipse(-60, -45, 90, 18, "#fff", `fill-opacity="0.18"`) +
    "</g>";
  return (
    rect(80, 470, 640, 200, "#e7d3b3", `rx="24"`) +
    line("M110,520 L690,520 M110,570 L690,570 M110,620 L690,620", "#d4bb94", 6) +
    roll(330, 400, -8) +
    roll(470, 520, 6)
  );
}

type CakeStyle = { sponge: string; frosting: string; drip: string; topping: "fresas" | "chocolate" };

function cake({ sponge, frosting, drip, topping }: CakeStyle): Svg {
  const cx = 400;
  const top = 330;
  const rx = 230;
  const ry = 70;
  const height = 200;
  let drips = "";
  for (let index = 0; index < 9; index++) {
    const x = cx - rx + 25 + index * ((rx * 2 - 50) / 8);
    const length = 30 + ((index * 37) % 50);
    drips += path(
      `M${fmt(x - 18)},${top + 20} L${fmt(x - 18)},${top + length} Q${fmt(x)},${top + length + 26} ${fmt(x + 18)},${top + length} L${fmt(x + 18)},${top + 20} Z`,
      drip,
    );
  }
  let decoration = "";
  if (topping === "fresas") {
    for (let index = 0; index < 7; index++) {
      const angle = (index / 7) * Math.PI * 2;
      const x = cx + Math.cos(angle) * 150;
      const y = top + Math.sin(angle) * 44;
      decoration +=
        path(
          `M${fmt(x)},${fmt(y + 26)} C${fmt(x - 30)},${fmt(y + 6)} ${fmt(x - 26)},${fmt(y - 22)} ${fmt(x)},${fmt(y - 22)} C${fmt(x + 26)},${fmt(y - 22)} ${fmt(x + 30)},${fmt(y + 6)} ${fmt(x)},${fmt(y + 26)} Z`,
          "#e0313b",
        ) +
        path(
          `M${fmt(x - 14)},${fmt(y - 22)} L${fmt(x)},${fmt(y - 34)} L${fmt(x + 14)},${fmt(y - 22)} Z`,
          "#3f9a3a",
        );
    }
    decoration += ellipse(cx, top, 70, 22, "#fff8ee");
  } else {
    for (let index = 0; index < 8; index++) {
      const angle = (index / 8) * Math.PI * 2;
      decoration += ellipse(
        fmt(cx + Math.cos(angle) * 165),
        fmt(top + Math.sin(angle) * 48),
        20,
        13,
        "#3b1f12",
      );
    }
    decoration += speckles(cx, top, 120, 34, 26, ["#f5d9a6", "#fff"], [3, 5], 11);
  }
  return (
    shadow(cx, 620, 300, 52) +
    ellipse(cx, 600, 290, 62, "#f4f1ec") +
    rect(cx - 40, 560, 80, 40, "#e6e0d6") +
    ellipse(cx, 560, 270, 56, "#ffffff") +
    rect(cx - rx, top, rx * 2, height, sponge) +
    ellipse(cx, top + height, rx, ry, sponge) +
    rect(cx - rx, top + 70, rx * 2, 16, frosting, `fill-opacity="0.9"`) +
    rect(cx - rx, top + 140, rx * 2, 16, frosting, `fill-opacity="0.9"`) +
    ellipse(cx, top, rx, ry, frosting) +
    drips +
    ellipse(cx, top - 4, rx - 8, ry - 6, frosting) +
    decoration
  );
}

function cookies(): Svg {
  const cookie = (cx: number, cy: number, r: number, seed: number) =>
    ellipse(cx, cy + r * 0.22, r, r * 0.62, "#d8b27a") +
    ellipse(cx, cy, r, r * 0.62, "#f1dfc0") +
    speckles(cx, cy, r * 0.85, r * 0.5, 16, ["#ffffff", "#fbf3e4"], [4, 8], seed) +
    speckles(cx, cy, r * 0.6, r * 0.35, 4, ["#9b6b3a"], [5, 7], seed + 1);
  return (
    plate(400, 480, 330) +
    cookie(280, 470, 95, 1) +
    cookie(510, 480, 95, 2) +
    cookie(400, 410, 95, 3) +
    cookie(330, 560, 90, 4) +
    cookie(480, 570, 90, 5) +
    cookie(400, 330, 88, 6)
  );
}

function rosca(): Svg {
  const fruits = [
    ["#d7263d", 0.1],
    ["#3c9a3c", 0.35],
    ["#f08a24", 0.6],
    ["#d7263d", 0.85],
    ["#3c9a3c", 1.15],
    ["#f08a24", 1.4],
    ["#d7263d", 1.65],
    ["#3c9a3c", 1.9],
  ] as const;
  let decoration = "";
  for (const [index, [colour, turn]] of fruits.entries()) {
    const angle = turn * Math.PI;
    const x = 400 + Math.cos(angle) * 250;
    const y = 440 + Math.sin(angle) * 125;
    const paste = 400 + Math.cos(angle + 0.2) * 250;
    const pasteY = 440 + Math.sin(angle + 0.2) * 125;
    decoration +=
      `<g transform="rotate(${fmt((angle * 180) / Math.PI + 90)} ${fmt(paste)} ${fmt(pasteY)})">${rect(fmt(paste - 28), fmt(pasteY - 14), 56, 28, "#fbf1dc", `rx="12"`)}</g>` +
      `<g transform="rotate(${fmt((angle * 180) / Math.PI + 90)} ${fmt(x)} ${fmt(y)})">${rect(fmt(x - 26), fmt(y - 11), 52, 22, colour, `rx="6"`)}</g>`;
    if (index % 2 === 0) decoration += circle(fmt(x + 10), fmt(y - 4), 5, "#fff", `fill-opacity="0.5"`);
  }
  return (
    shadow(400, 520, 360, 90) +
    ellipse(400, 470, 350, 170, "#b56a28") +
    ellipse(400, 445, 340, 160, "#d48a3c") +
    ellipse(400, 445, 170, 62, "#e9d8bd") +
    ellipse(400, 458, 160, 54, "#f4ebdc") +
    decoration
  );
}

// ── Tacos and the taquería ─────────────────────────────────────────────────────────────────

type TacoStyle = { filling: string; accent: string; salsa: string };

function tacos({ filling, accent, salsa }: TacoStyle): Svg {
  const taco = (cx: number, cy: number, seed: number) =>
    shadow(cx, cy + 95, 110, 18) +
    ellipse(cx, cy - 8, 98, 34, filling) +
    speckles(cx, cy - 16, 86, 22, 14, [accent, "#f7f3e8", "#4f9d3a", "#4f9d3a"], [6, 11], seed) +
    path(`M${cx - 105},${cy - 10} A105,105 0 0 0 ${cx + 105},${cy - 10} Z`, "#f0cf86") +
    path(
      `M${cx - 105},${cy - 10} A105,105 0 0 0 ${cx + 105},${cy - 10} L${cx + 92},${cy - 10} A92,92 0 0 1 ${cx - 92},${cy - 10} Z`,
      "#d9b066",
    ) +
    speckles(cx, cy + 45, 70, 35, 8, ["#c99a4e"], [3, 5], seed + 3);
  return (
    plate(400, 500, 350, "#ffffff", "#f1ede6") +
    `<g transform="translate(400 500) scale(1.18) translate(-400 -500)">` +
    taco(250, 470, 1) +
    taco(550, 470, 2) +
    taco(400, 520, 3) +
    "</g>" +
    // A lime wedge and a little bowl of salsa.
    path("M600,590 A60,60 0 0 1 700,560 L650,600 Z", "#7cbf3a") +
    path("M612,588 A48,48 0 0 1 690,563 L650,598 Z", "#c7ea8a") +
    ellipse(150, 600, 62, 24, "#9a5b34") +
    ellipse(150, 594, 50, 17, salsa)
  );
}

function quesadilla(filling: string, flour: boolean): Svg {
  const tortilla = flour ? "#f7e8c8" : "#efcb80";
  const toast = flour ? "#d8b57a" : "#c99a4e";
  // Folded in half, flat side down; the filling shows along the fold.
  const half = (cx: number, cy: number, scale: number, seed: number) =>
    `<g transform="translate(${cx} ${cy}) scale(${scale})">` +
    shadow(0, 34, 210, 26) +
    path("M-175,6 C-120,40 -60,22 0,40 C60,22 120,40 175,6 L175,-4 L-175,-4 Z", filling) +
    path("M-140,10 C-100,26 -50,18 0,28 C50,18 100,26 140,10 L140,0 L-140,0 Z", "#fbe7a1") +
    path("M-190,0 A190,190 0 0 1 190,0 Z", tortilla) +
    line("M-190,0 L190,0", toast, 6) +
    speckles(0, -95, 135, 65, 16, [toast], [5, 10], seed) +
    "</g>";
  return plate(400, 520, 350) + half(300, 450, 0.85, 5) + half(470, 560, 0.95, 9);
}

function glass(drink: string, topping: string): Svg {
  return (
    shadow(400, 660, 160, 26) +
    path("M270,220 L530,220 L500,650 L300,650 Z", "#ffffff", `fill-opacity="0.55"`) +
    path("M282,300 L518,300 L497,636 L303,636 Z", drink) +
    ellipse(400, 300, 118, 18, topping) +
    speckles(400, 330, 90, 14, 14, ["#a0642d"], [3, 5], 3) +
    rect(330, 320, 60, 55, "#ffffff", `fill-opacity="0.45" rx="8" transform="rotate(-12 360 347)"`) +
    rect(420, 340, 55, 50, "#ffffff", `fill-opacity="0.45" rx="8" transform="rotate(10 447 365)"`) +
    line("M440,140 L470,300", "#e2474b", 18) +
    path("M270,220 L530,220 L526,238 L274,238 Z", "#ffffff", `fill-opacity="0.8"`) +
    line("M300,250 L318,620", "#ffffff", 10, `stroke-opacity="0.6"`) +
    // A cinnamon stick beside the glass.
    `<g transform="rotate(-18 620 600)">${rect(540, 585, 200, 34, "#8b4a24", `rx="14"`)}${line("M550,602 L730,602", "#6b3518", 5)}</g>`
  );
}

type JarStyle = { contents: string; lid: string; label: string; texture?: string; short?: boolean };

function jar({ contents, lid, label, texture, short }: JarStyle): Svg {
  const top = short ? 360 : 250;
  const bottom = 640;
  const width = short ? 330 : 280;
  const left = 400 - width / 2;
  return (
    shadow(400, bottom + 6, width * 0.62, 26) +
    rect(left, top + 40, width, bottom - top - 40, "#ffffff", `rx="46" fill-opacity="0.6"`) +
    rect(left + 14, top + 70, width - 28, bottom - top - 84, contents, `rx="36"`) +
    (texture
      ? speckles(
          400,
          (top + bottom) / 2 + 30,
          width / 2 - 40,
          (bottom - top) / 2 - 70,
          40,
          [texture],
          [4, 8],
          4,
        )
      : "") +
    rect(left + 26, top + (bottom - top) * 0.42, width - 52, (bottom - top) * 0.3, label, `rx="10"`) +
    rect(left + 56, top + (bottom - top) * 0.5, width - 112, 12, "#00000022", `rx="6"`) +
    rect(left + 76, top + (bottom - top) * 0.5 + 26, width - 152, 10, "#00000018", `rx="5"`) +
    rect(left - 8, top, width + 16, 62, lid, `rx="14"`) +
    line(
      `M${left + 8},${top + 20} L${left + width - 8},${top + 20} M${left + 8},${top + 40} L${left + width - 8},${top + 40}`,
      "#00000022",
      5,
    ) +
    line(`M${left + 30},${top + 110} L${left + 30},${bottom - 60}`, "#ffffff", 14, `stroke-opacity="0.55"`)
  );
}

function bowl(broth: string): Svg {
  return (
    shadow(400, 640, 300, 40) +
    path("M110,420 C120,600 260,660 400,660 C540,660 680,600 690,420 Z", "#b5643a") +
    path(
      "M150,470 C190,590 290,625 400,625 C510,625 610,590 650,470",
      "none",
      `stroke="#d98a5a" stroke-width="10"`,
    ) +
    ellipse(400, 420, 290, 88, "#9c4f2a") +
    ellipse(400, 424, 260, 72, broth) +
    speckles(400, 424, 220, 52, 16, ["#e8d4a8"], [12, 16], 5) +
    speckles(400, 424, 220, 52, 14, ["#3f8f3a", "#f4f1e6"], [5, 9], 6) +
    ellipse(330, 400, 70, 12, "#ffffff", `fill-opacity="0.18"`)
  );
}

// ── Coffee ─────────────────────────────────────────────────────────────────────────────────

function cafeDeOlla(): Svg {
  return (
    shadow(400, 640, 230, 36) +
    ellipse(400, 630, 220, 44, "#efe6da") +
    path("M230,330 C215,520 280,620 400,620 C520,620 585,520 570,330 Z", "#b4532a") +
    path(
      "M570,380 C660,380 670,520 560,540",
      "none",
      `stroke="#b4532a" stroke-width="34" stroke-linecap="round"`,
    ) +
    path(
      "M250,420 C330,440 470,440 555,420",
      "none",
      `stroke="#f2d4a2" stroke-width="10" stroke-dasharray="2 22" stroke-linecap="round"`,
    ) +
    path("M262,500 C340,520 460,520 545,500", "none", `stroke="#e9c07f" stroke-width="8"`) +
    ellipse(400, 330, 170, 46, "#8e3d1d") +
    ellipse(400, 336, 150, 36, "#3d2115") +
    ellipse(360, 328, 50, 8, "#ffffff", `fill-opacity="0.18"`) +
    `<g transform="rotate(-28 560 250)">${rect(460, 232, 220, 36, "#8b4a24", `rx="15"`)}${line("M472,250 L668,250", "#6b3518", 5)}</g>` +
    line("M340,270 C320,230 360,210 340,170", "#ffffff", 8, `stroke-opacity="0.6"`) +
    line("M420,260 C400,220 440,200 420,160", "#ffffff", 8, `stroke-opacity="0.6"`)
  );
}

function capuchino(): Svg {
  return (
    shadow(400, 620, 290, 50) +
    ellipse(400, 590, 290, 80, "#ffffff") +
    ellipse(400, 585, 200, 46, "#ece7e0") +
    path("M190,330 C190,520 270,600 400,600 C530,600 610,520 610,330 Z", "#ffffff") +
    path("M600,380 C700,370 700,520 585,510", "none", `stroke="#ffffff" stroke-width="32"`) +
    path("M600,380 C700,370 700,520 585,510", "none", `stroke="#e7e1d9" stroke-width="10"`) +
    ellipse(400, 330, 210, 62, "#f1ece4") +
    ellipse(400, 334, 188, 50, "#b9783f") +
    ellipse(400, 334, 150, 38, "#d9a56c") +
    path(
      "M400,362 C330,320 350,290 380,300 C392,304 398,312 400,318 C402,312 408,304 420,300 C450,290 470,320 400,362 Z",
      "#fbf4ea",
    ) +
    path(
      "M230,420 C250,520 300,570 360,585",
      "none",
      `stroke="#ece7e0" stroke-width="10" stroke-linecap="round"`,
    )
  );
}

function beanBag(bag: string, band: string, seed: number): Svg {
  const bean = (x: number, y: number, rotation: number) =>
    `<g transform="rotate(${rotation} ${x} ${y})">${ellipse(x, y, 26, 18, "#5a3018")}${line(`M${x - 18},${y} C${x - 6},${y - 8} ${x + 6},${y + 8} ${x + 18},${y}`, "#2e170b", 4)}</g>`;
  const next = sequence(seed);
  let beans = "";
  for (let index = 0; index < 16; index++) {
    beans += bean(fmt(180 + next() * 440), fmt(590 + next() * 70), fmt(next() * 180));
  }
  return (
    shadow(400, 630, 250, 34) +
    path("M250,250 L550,250 L575,620 L225,620 Z", bag) +
    path("M250,250 L550,250 L560,200 L240,200 Z", band) +
    line("M250,250 L550,250", "#00000026", 6) +
    rect(290, 350, 220, 170, "#fbf6ec", `rx="12"`) +
    ellipse(400, 415, 40, 28, "#5a3018") +
    line("M370,415 C390,400 410,430 430,415", "#2e170b", 5) +
    rect(330, 465, 140, 12, "#5a301880", `rx="6"`) +
    rect(355, 487, 90, 10, "#5a301855", `rx="5"`) +
    line("M268,280 L252,600", "#ffffff", 10, `stroke-opacity="0.25"`) +
    beans
  );
}

function coldBrew(): Svg {
  return (
    shadow(400, 660, 150, 24) +
    path(
      "M340,150 L460,150 L460,250 C540,290 550,330 550,380 L550,640 C550,655 540,662 525,662 L275,662 C260,662 250,655 250,640 L250,380 C250,330 260,290 340,250 Z",
      "#2c1a12",
    ) +
    rect(330, 120, 140, 50, "#c9a063", `rx="10"`) +
    rect(262, 420, 276, 160, "#efe3cf", `rx="10"`) +
    rect(300, 455, 200, 22, "#6b3b22", `rx="8"`) +
    rect(320, 495, 160, 12, "#6b3b2288", `rx="6"`) +
    rect(340, 520, 120, 12, "#6b3b2266", `rx="6"`) +
    line("M285,330 L285,400 M285,600 L285,640", "#ffffff", 12, `stroke-opacity="0.3"`) +
    rect(580, 560, 90, 90, "#ffffff", `rx="14" fill-opacity="0.55"`) +
    rect(130, 580, 80, 80, "#ffffff", `rx="14" fill-opacity="0.55"`)
  );
}

function cheesecakeSlice(): Svg {
  return (
    plate(400, 520, 320) +
    path("M180,420 L560,300 L640,420 L640,540 L180,540 Z", "#f6e9c6") +
    path("M180,540 L640,540 L640,580 L180,580 Z", "#b8803f") +
    path("M180,420 L640,420 L640,540 L180,540 Z", "#f3dfae") +
    path("M180,420 L560,300 L640,420 Z", "#fbf1d8") +
    path("M250,405 C330,380 450,340 560,318 C600,340 620,380 630,410 C520,430 330,430 250,405 Z", "#6d2a5d") +
    speckles(520, 380, 70, 25, 7, ["#3b1535", "#8f3a7e"], [9, 14], 8) +
    line("M200,470 L620,470", "#e7cf95", 6)
  );
}

// ── Crafts ─────────────────────────────────────────────────────────────────────────────────

function mantel(cloth: string): Svg {
  let grid = "";
  for (let row = 0; row < 5; row++) {
    for (let column = 0; column < 5; column++) {
      const x = 230 + column * 85;
      const y = 210 + row * 85;
      grid +=
        rect(x + 10, y + 10, 52, 52, "none", `stroke="#d6cbb8" stroke-width="4"`) +
        path(
          `M${x + 36},${y + 16} L${x + 56},${y + 36} L${x + 36},${y + 56} L${x + 16},${y + 36} Z`,
          "#e9e1d3",
        );
    }
  }
  return (
    rect(40, 90, 720, 620, "#a97545", `rx="28"`) +
    line(
      "M60,200 C300,190 500,215 740,200 M60,360 C300,350 500,375 740,360 M60,540 C300,530 500,555 740,540",
      "#8e5f35",
      6,
    ) +
    shadow(410, 650, 330, 34) +
    path("M150,160 L650,160 L650,640 L150,640 Z", cloth) +
    rect(190, 200, 420, 400, "none", `stroke="#d6cbb8" stroke-width="8"`) +
    grid +
    line(
      Array.from({ length: 26 }, (_, index) => `M${160 + index * 19},640 L${160 + index * 19},680`).join(" "),
      cloth,
      6,
    )
  );
}

function servilletas(): Svg {
  const flower = (cx: number, cy: number, petal: string) =>
    [0, 72, 144, 216, 288]
      .map((angle) =>
        ellipse(
          fmt(cx + Math.cos((angle * Math.PI) / 180) * 16),
          fmt(cy + Math.sin((angle * Math.PI) / 180) * 16),
          13,
          13,
          petal,
        ),
      )
      .join("") + circle(cx, cy, 9, "#f4c430");
  const napkin = (y: number, colour: string) =>
    shadow(400, y + 95, 260, 20) +
    path(`M150,${y} L650,${y} L620,${y + 90} L180,${y + 90} Z`, colour, `stroke="#d9cfbf" stroke-width="4"`);
  return (
    napkin(470, "#f4efe6") +
    napkin(390, "#fbf8f2") +
    napkin(310, "#f4efe6") +
    napkin(230, "#ffffff") +
    flower(290, 275, "#e4007c") +
    flower(400, 270, "#2b6cb0") +
    flower(510, 275, "#e4007c") +
    line("M250,295 C300,320 340,320 380,296 M420,296 C460,320 500,320 550,295", "#3c9a3c", 5) +
    flower(300, 512, "#f08a24") +
    flower(500, 512, "#7b3fa0")
  );
}

function taza(glaze: string): Svg {
  return (
    shadow(400, 640, 240, 36) +
    path(
      "M560,360 C690,350 690,560 545,560",
      "none",
      `stroke="${glaze}" stroke-width="40" stroke-linecap="round"`,
    ) +
    path("M240,300 L560,300 L540,600 C540,625 520,640 495,640 L305,640 C280,640 260,625 260,600 Z", glaze) +
    ellipse(400, 300, 160, 42, "#7a3a1e") +
    ellipse(400, 306, 140, 32, "#5b2a14") +
    path("M252,420 L548,420 L546,450 L254,450 Z", "#ffffff", `fill-opacity="0.85"`) +
    speckles(400, 520, 120, 60, 20, ["#ffffff"], [5, 8], 9) +
    line("M285,340 L300,590", "#ffffff", 12, `stroke-opacity="0.25"`)
  );
}

function talavera(): Svg {
  return (
    shadow(400, 660, 180, 28) +
    path(
      "M330,150 L470,150 L465,220 C600,290 620,420 560,540 C530,610 470,650 400,650 C330,650 270,610 240,540 C180,420 200,290 335,220 Z",
      "#fbf9f4",
      `stroke="#c9bfae" stroke-width="6"`,
    ) +
    path(
      "M465,220 C600,290 620,420 560,540 C530,610 470,650 400,650 C470,600 520,520 520,420 C520,330 490,260 465,220 Z",
      "#e8e1d4",
    ) +
    rect(320, 130, 160, 34, "#f2eee6", `rx="10"`) +
    line("M338,190 L462,190", "#1f4e9c", 10) +
    ellipse(400, 430, 110, 110, "none", `stroke="#1f4e9c" stroke-width="12"`) +
    [0, 45, 90, 135, 180, 225, 270, 315]
      .map((angle) =>
        ellipse(
          fmt(400 + Math.cos((angle * Math.PI) / 180) * 62),
          fmt(430 + Math.sin((angle * Math.PI) / 180) * 62),
          22,
          22,
          "#1f4e9c",
        ),
      )
      .join("") +
    circle(400, 430, 26, "#f2b233") +
    line("M250,560 C300,590 350,560 400,590 C450,560 500,590 550,560", "#1f4e9c", 10) +
    line("M265,300 C310,280 350,300 400,280 C450,300 490,280 535,300", "#1f4e9c", 10) +
    line("M270,360 C255,420 262,480 290,540", "#ffffff", 12, `stroke-opacity="0.7"`)
  );
}

function rebozo(main: string, stripe: string): Svg {
  let stripes = "";
  for (let index = 0; index < 7; index++) {
    const y = 250 + index * 48;
    stripes += path(
      `M150,${y} L650,${y + 60} L650,${y + 74} L150,${y + 14} Z`,
      index % 2 ? stripe : "#ffffff",
      `fill-opacity="${index % 2 ? 1 : 0.5}"`,
    );
  }
  const fringe = Array.from({ length: 24 }, (_, index) => {
    const x = 180 + index * 19;
    return `M${x},${600 + index * 2.4} L${x - 6},${660 + index * 2.4}`;
  }).join(" ");
  return (
    shadow(400, 680, 300, 24) +
    path("M150,220 L650,280 L650,640 L150,600 Z", main) +
    `<clipPath id="cloth"><path d="M150,220 L650,280 L650,640 L150,600 Z"/></clipPath><g clip-path="url(#cloth)">${stripes}</g>` +
    path("M150,220 L650,280 L560,330 L150,290 Z", "#000000", `fill-opacity="0.12"`) +
    line(fringe, main, 7)
  );
}

function alebrije(): Svg {
  return (
    shadow(400, 640, 260, 34) +
    // Tail.
    line("M560,430 C680,380 700,250 610,230 C560,220 560,290 600,290", "#7b3fa0", 30) +
    // Legs.
    rect(270, 470, 44, 160, "#1f8a70", `rx="20"`) +
    rect(350, 490, 44, 140, "#f08a24", `rx="20"`) +
    rect(440, 490, 44, 140, "#1f8a70", `rx="20"`) +
    rect(510, 470, 44, 160, "#f08a24", `rx="20"`) +
    // Body and head.
    ellipse(410, 440, 180, 110, "#e4007c") +
    path(
      "M270,420 C300,370 340,350 380,352",
      "none",
      `stroke="#f4c430" stroke-width="14" stroke-dasharray="22 14" stroke-linecap="round"`,
    ) +
    path(
      "M300,470 L340,430 L380,470 L420,430 L460,470 L500,430 L540,470",
      "none",
      `stroke="#ffffff" stroke-width="10" stroke-linejoin="round"`,
    ) +
    speckles(420, 420, 120, 40, 10, ["#2b6cb0", "#f4c430"], [8, 12], 12) +
    path("M210,300 L240,210 L280,290 Z", "#f4c430") +
    path("M300,290 L340,200 L360,300 Z", "#f4c430") +
    circle(280, 340, 92, "#2b6cb0") +
    circle(250, 320, 20, "#ffffff") +
    circle(245, 322, 9, "#111111") +
    circle(310, 320, 20, "#ffffff") +
    circle(305, 322, 9, "#111111") +
    path(
      "M245,380 C265,395 295,395 315,380",
      "none",
      `stroke="#f4c430" stroke-width="8" stroke-linecap="round"`,
    ) +
    speckles(280, 280, 60, 20, 6, ["#f08a24"], [5, 8], 13)
  );
}

function canasta(): Svg {
  let weave = "";
  for (let index = 0; index < 9; index++) {
    const y = 390 + index * 28;
    weave += line(`M${210 + index * 5},${y} L${590 - index * 5},${y}`, index % 2 ? "#b88a4a" : "#e2c085", 16);
  }
  for (let index = 0; index < 11; index++) {
    const x = 230 + index * 34;
    weave += line(`M${x},384 L${x + (400 - x) * 0.08},640`, "#a87a3c", 6, `stroke-opacity="0.6"`);
  }
  return (
    shadow(400, 650, 230, 34) +
    line("M230,380 C230,170 570,170 570,380", "#c99a5b", 26) +
    line("M230,380 C230,170 570,170 570,380", "#e2c085", 10) +
    path("M200,370 L600,370 L560,650 L240,650 Z", "#d4aa66") +
    weave +
    ellipse(400, 372, 204, 30, "#b88a4a") +
    ellipse(400, 366, 196, 22, "#e7c98f")
  );
}

// ── Soaps and creams ───────────────────────────────────────────────────────────────────────

function soapBar(top: string, side: string, flecks: string[], seed: number): Svg {
  return (
    shadow(400, 600, 300, 40) +
    path("M150,420 L400,520 L650,420 L650,500 L400,600 L150,500 Z", side) +
    path("M150,420 L400,320 L650,420 L400,520 Z", top) +
    speckles(400, 420, 180, 60, 36, flecks, [3, 7], seed) +
    // The maker's stamp: a crescent moon.
    path("M430,395 A45,24 0 1 1 430,445 A34,18 0 1 0 430,395 Z", "#000000", `fill-opacity="0.14"`) +
    // A sprig beside the bar.
    line("M520,300 C560,250 610,230 660,230", "#6b8f3a", 7) +
    [0, 1, 2, 3]
      .map((index) =>
        ellipse(
          560 + index * 28,
          262 - index * 10,
          16,
          8,
          "#8bb24f",
          `transform="rotate(-30 ${560 + index * 28} ${262 - index * 10})"`,
        ),
      )
      .join("")
  );
}

function lipBalm(): Svg {
  const stick = (x: number, body: string, cap: string, label: string) =>
    shadow(x, 640, 70, 14) +
    rect(x - 55, 330, 110, 310, body, `rx="18"`) +
    rect(x - 55, 250, 110, 100, cap, `rx="18"`) +
    rect(x - 55, 430, 110, 120, label) +
    rect(x - 30, 465, 60, 10, "#00000030", `rx="5"`) +
    line(`M${x - 35},270 L${x - 35},620`, "#ffffff", 10, `stroke-opacity="0.35"`);
  return stick(320, "#f5f0e6", "#7fbf9a", "#d9f0e2") + stick(480, "#f5f0e6", "#e9c27a", "#faebd0");
}

function shampooBar(): Svg {
  return (
    shadow(400, 560, 260, 40) +
    ellipse(400, 500, 240, 90, "#4f7f3a") +
    rect(160, 420, 480, 80, "#4f7f3a") +
    ellipse(400, 420, 240, 90, "#79a85a") +
    speckles(400, 420, 200, 70, 30, ["#3d6a2c", "#a7cf86"], [3, 6], 15) +
    ellipse(400, 420, 90, 30, "none", `stroke="#3d6a2c" stroke-width="6" stroke-opacity="0.5"`) +
    line("M470,300 C520,250 600,230 660,240", "#5c4326", 6) +
    Array.from({ length: 8 }, (_, index) =>
      line(
        `M${500 + index * 20},${268 - index * 4} l${index % 2 ? 18 : -14},${index % 2 ? -22 : -24}`,
        "#3f7a3a",
        6,
      ),
    ).join("")
  );
}

function creamJar(): Svg {
  return (
    jar({ contents: "#fbf7ef", lid: "#9b7cc4", label: "#efe6f7", short: true }) +
    // Two sprigs of lavender beside the jar.
    line("M620,640 L660,330 M660,640 L700,360", "#6b8f3a", 6) +
    speckles(660, 360, 14, 40, 12, ["#8a63c2"], [7, 10], 3) +
    speckles(700, 390, 14, 40, 12, ["#8a63c2"], [7, 10], 4)
  );
}

// ── Sweets ─────────────────────────────────────────────────────────────────────────────────

function ate(): Svg {
  return (
    rect(110, 500, 580, 140, "#c99a5b", `rx="20"`) +
    rect(110, 480, 580, 140, "#deb574", `rx="20"`) +
    shadow(380, 540, 220, 24) +
    path("M200,400 L480,400 L540,360 L260,360 Z", "#d9553f") +
    path("M200,400 L480,400 L480,540 L200,540 Z", "#b8322a") +
    path("M480,400 L540,360 L540,500 L480,540 Z", "#8f2420") +
    path("M560,470 L620,440 L620,540 L560,570 Z", "#b8322a") +
    path("M540,470 L560,470 L560,570 L540,570 Z", "#8f2420") +
    path("M540,470 L600,440 L620,440 L560,470 Z", "#d9553f") +
    line("M215,415 L460,415", "#ffffff", 8, `stroke-opacity="0.3"`)
  );
}

function cocadas(): Svg {
  const cocada = (cx: number, cy: number, seed: number) => {
    const next = sequence(seed);
    let shreds = "";
    for (let index = 0; index < 22; index++) {
      const angle = next() * Math.PI * 2;
      const r = Math.sqrt(next()) * 62;
      const x = cx + Math.cos(angle) * r;
      const y = cy + Math.sin(angle) * r * 0.6;
      shreds += line(
        `M${fmt(x)},${fmt(y)} l${fmt(next() * 20 - 10)},${fmt(next() * 14 - 7)}`,
        index % 3 ? "#fff6dc" : "#b8742e",
        6,
      );
    }
    return ellipse(cx, cy + 16, 78, 48, "#c27b34") + ellipse(cx, cy, 76, 50, "#e9b66b") + shreds;
  };
  return (
    plate(400, 480, 330) +
    cocada(280, 440, 1) +
    cocada(450, 420, 2) +
    cocada(360, 530, 3) +
    cocada(530, 520, 4) +
    cocada(230, 545, 5) +
    cocada(400, 345, 6)
  );
}

function alegrias(): Svg {
  const bar = (x: number, y: number, seed: number) =>
    rect(x, y + 20, 220, 90, "#c9965a", `rx="14"`) +
    rect(x, y, 220, 90, "#f0d9a6", `rx="14"`) +
    speckles(x + 110, y + 45, 100, 38, 60, ["#fff4d8", "#d9b47a"], [3, 5], seed) +
    speckles(x + 110, y + 45, 80, 28, 5, ["#5a2d1a"], [7, 9], seed + 1);
  return (
    rect(90, 560, 620, 80, "#e3d2b8", `rx="16"`) +
    shadow(400, 600, 300, 30) +
    bar(160, 440, 1) +
    bar(420, 440, 2) +
    bar(290, 330, 3) +
    bar(160, 220, 4) +
    bar(420, 220, 5)
  );
}

function jamoncillo(): Svg {
  const bar = (x: number, y: number) =>
    rect(x, y + 14, 240, 110, "#c9a27a", `rx="14"`) +
    rect(x, y, 240, 36, "#f3c6cf", `rx="12"`) +
    rect(x, y + 30, 240, 36, "#fbf3e4") +
    rect(x, y + 62, 240, 40, "#c98b5a", `rx="12"`) +
    ellipse(x + 70, y + 10, 22, 12, "#7a4a26") +
    ellipse(x + 170, y + 10, 22, 12, "#7a4a26");
  return plate(400, 490, 330) + shadow(400, 540, 240, 40) + bar(160, 360) + bar(400, 380) + bar(280, 480);
}

function obleas(): Svg {
  const wafer = (cx: number, cy: number, colour: string) =>
    ellipse(cx, cy + 8, 120, 50, "#00000014") +
    ellipse(cx, cy, 120, 50, colour) +
    ellipse(cx, cy, 92, 36, "none", `stroke="#ffffff" stroke-width="5" stroke-opacity="0.7"`) +
    ellipse(cx, cy, 60, 22, "none", `stroke="#ffffff" stroke-width="4" stroke-opacity="0.5"`);
  return (
    plate(400, 500, 340) +
    wafer(290, 470, "#f6c1d4") +
    wafer(500, 470, "#fbe58a") +
    wafer(400, 560, "#ffffff") +
    wafer(400, 380, "#b9e3a8") +
    path("M330,520 C360,560 440,560 470,520 C460,545 440,565 400,570 C360,565 340,545 330,520 Z", "#9a5424")
  );
}

function mazapan(): Svg {
  const disc = (cx: number, cy: number, seed: number) =>
    ellipse(cx, cy + 18, 100, 42, "#c9a06a") +
    ellipse(cx, cy, 100, 42, "#ead2a5") +
    speckles(cx, cy, 86, 32, 22, ["#d8b98a", "#f6e6c6"], [3, 6], seed);
  return (
    plate(400, 490, 330) +
    disc(290, 470, 1) +
    disc(500, 480, 2) +
    disc(400, 560, 3) +
    // One still in its wrapper: cellophane with the red print.
    ellipse(400, 380, 118, 52, "#ffffff", `fill-opacity="0.75"`) +
    ellipse(400, 380, 100, 42, "#ead2a5") +
    ellipse(400, 380, 70, 26, "#d7263d") +
    ellipse(400, 380, 48, 16, "#ffffff") +
    path("M282,380 L250,350 L256,392 Z M518,380 L550,350 L544,392 Z", "#ffffff", `fill-opacity="0.8"`)
  );
}

// ── Gifts ──────────────────────────────────────────────────────────────────────────────────

function giftBox(box: string, ribbon: string): Svg {
  return (
    shadow(400, 640, 260, 34) +
    rect(190, 360, 420, 280, box, `rx="14"`) +
    rect(170, 300, 460, 90, box, `rx="14"`) +
    rect(170, 370, 460, 20, "#00000022") +
    rect(372, 300, 56, 340, ribbon) +
    path("M400,300 C330,200 230,230 270,290 C290,320 360,310 400,300 Z", ribbon) +
    path("M400,300 C470,200 570,230 530,290 C510,320 440,310 400,300 Z", ribbon) +
    circle(400, 300, 24, ribbon) +
    line("M220,330 L580,330", "#ffffff", 8, `stroke-opacity="0.25"`)
  );
}

function balloons(): Svg {
  const balloon = (cx: number, cy: number, colour: string) =>
    line(
      `M${cx},${cy + 110} C${cx - 20},${cy + 200} ${400 + (cx - 400) * 0.2},${560} 400,650`,
      "#6b6b6b",
      4,
    ) +
    ellipse(cx, cy, 90, 110, colour) +
    path(`M${cx - 14},${cy + 118} L${cx + 14},${cy + 118} L${cx},${cy + 104} Z`, colour) +
    ellipse(cx - 34, cy - 44, 18, 30, "#ffffff", `fill-opacity="0.35"`);
  return balloon(280, 300, "#e4007c") + balloon(520, 280, "#2b6cb0") + balloon(400, 220, "#f4c430");
}

// ── The catalogue ──────────────────────────────────────────────────────────────────────────

/**
 * Every demo picture by name, grouped by what the shop sells. A product or a store's logo names
 * one of these (`app/db/demo/demo-marketplace.ts`).
 */
export const DEMO_PICTURES = {
  // Bread and cakes
  concha,
  cuerno,
  oreja,
  bolillo,
  "pastel-tres-leches": () =>
    cake({ sponge: "#f7e3b5", frosting: "#fffaf0", drip: "#fffaf0", topping: "fresas" }),
  "pastel-chocolate": () =>
    cake({ sponge: "#5a2f1c", frosting: "#3b1f12", drip: "#3b1f12", topping: "chocolate" }),
  polvorones: cookies,
  rosca,
  // Tacos and the taquería
  "tacos-pastor": () => tacos({ filling: "#c2491f", accent: "#f6c945", salsa: "#b3261e" }),
  "tacos-guisado": () => tacos({ filling: "#6f8a2c", accent: "#d99a55", salsa: "#5f8f2a" }),
  "orden-pastor": () => tacos({ filling: "#a8361a", accent: "#7cb342", salsa: "#e53935" }),
  gringa: () => quesadilla("#c2491f", true),
  quesadilla: () => quesadilla("#f08a24", false),
  horchata: () => glass("#f3ead6", "#efe3c8"),
  "salsa-macha": () => jar({ contents: "#7a1d12", lid: "#2f2f2f", label: "#f4e2c6", texture: "#e0a458" }),
  consome: () => bowl("#b5472b"),
  // Coffee
  "cafe-de-olla": cafeDeOlla,
  capuchino,
  "cafe-chiapas": () => beanBag("#b98b57", "#2f5d3a", 1),
  "cafe-veracruz": () => beanBag("#3a3a3a", "#c0392b", 2),
  "cold-brew": coldBrew,
  "pay-de-queso": cheesecakeSlice,
  // Crafts
  mantel: () => mantel("#fbf8f1"),
  servilletas,
  "taza-de-barro": () => taza("#2f6f8f"),
  talavera,
  rebozo: () => rebozo("#c2185b", "#3f2a56"),
  alebrije,
  canasta,
  // Soaps and creams
  "jabon-avena": () => soapBar("#efe0c2", "#d6c09a", ["#c9a66b", "#fff8ea"], 21),
  "jabon-carbon": () => soapBar("#3a3a3c", "#242426", ["#5b5b5e", "#1a1a1a"], 22),
  "crema-karite": creamJar,
  "balsamo-labial": lipBalm,
  "sales-de-bano": () => jar({ contents: "#f6c6d4", lid: "#c9a063", label: "#ffffff", texture: "#ffffff" }),
  "shampoo-romero": shampooBar,
  // Sweets
  cajeta: () => jar({ contents: "#8a4b1c", lid: "#c0392b", label: "#fdf0d5", texture: "#a55e28" }),
  ate,
  cocadas,
  alegrias,
  jamoncillo,
  obleas,
  mazapan,
  // Gifts
  "caja-de-regalo": () => giftBox("#2b6cb0", "#f4c430"),
  globos: balloons,
} satisfies Record<string, () => Svg>;

export type DemoPictureName = keyof typeof DEMO_PICTURES;

export const DEMO_PICTURE_SIZE = 800;

/** A product picture: the drawing on a soft table in the store's background colour. */
export function productPictureSvg(name: DemoPictureName, background: string): string {
  return svgDocument(
    rect(0, 0, 800, 800, background) +
      ellipse(400, 470, 390, 300, "#ffffff", `fill-opacity="0.45"`) +
      DEMO_PICTURES[name](),
  );
}

/**
 * A store's logo: its signature drawing on the store's main colour, framed by a ring of its
 * second colour (the panels show logos as circles).
 */
export function logoPictureSvg(name: DemoPictureName, primary: string, secondary: string): string {
  return svgDocument(
    rect(0, 0, 800, 800, primary) +
      circle(400, 400, 350, secondary) +
      circle(400, 400, 322, "#fffdf8") +
      `<g transform="translate(400 410) scale(0.92) translate(-400 -450)">${DEMO_PICTURES[name]()}</g>`,
  );
}

function svgDocument(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${DEMO_PICTURE_SIZE}" height="${DEMO_PICTURE_SIZE}" viewBox="0 0 800 800">${body}</svg>`;
}
