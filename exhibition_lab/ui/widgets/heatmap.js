// The pair heatmap of the what-if explorer: a canvas of 100×100 squares (left card up,
// right card across), the chosen pair under a cross, the example pairs outlined.
// A click sends the pair back to Python, which does every computation.
const SIZE = 300;
const VIRIDIS = [[68, 1, 84], [59, 82, 139], [33, 145, 140], [94, 201, 98], [253, 231, 37]];

function colour(t) {
  const x = Math.max(0, Math.min(1, t)) * (VIRIDIS.length - 1);
  const i = Math.min(Math.floor(x), VIRIDIS.length - 2);
  const f = x - i;
  const c = VIRIDIS[i].map((a, j) => Math.round(a + f * (VIRIDIS[i + 1][j] - a)));
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}

// The grid arrives as little-endian float32 bytes (a DataView), NaN for impossible pairs.
function readGrid(data) {
  if (!data || !data.byteLength) return new Float32Array(0);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const values = new Float32Array(data.byteLength / 4);
  for (let i = 0; i < values.length; i++) values[i] = view.getFloat32(4 * i, true);
  return values;
}

// Contour lines at 1, 2, 3 and 4 fp: a white edge wherever two neighbouring squares lie on
// different sides of a whole number of fame points.
function drawContours(ctx, values) {
  if (!values.length) return;
  const cell = SIZE / 100;
  const level = (v) => (Number.isNaN(v) ? NaN : Math.min(4, Math.floor(v)));
  ctx.strokeStyle = "rgba(255,255,255,0.85)";
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let l = 0; l < 100; l++) {
    for (let r = 0; r < 100; r++) {
      const here = level(values[l * 100 + r]);
      if (Number.isNaN(here)) continue;
      if (r < 99) {
        const right = level(values[l * 100 + r + 1]);
        if (!Number.isNaN(right) && right !== here) {
          ctx.moveTo((r + 1) * cell, (99 - l) * cell);
          ctx.lineTo((r + 1) * cell, (100 - l) * cell);
        }
      }
      if (l < 99) {
        const up = level(values[(l + 1) * 100 + r]);
        if (!Number.isNaN(up) && up !== here) {
          ctx.moveTo(r * cell, (99 - l) * cell);
          ctx.lineTo((r + 1) * cell, (99 - l) * cell);
        }
      }
    }
  }
  ctx.stroke();
}

function render({ model, el }) {
  el.classList.add("exlab-whatif-map");
  el.style.fontFamily = "system-ui, sans-serif";
  el.style.fontSize = "11px";
  const title = document.createElement("div");
  title.style.fontWeight = "600";
  title.style.marginBottom = "2px";
  const row = document.createElement("div");
  row.style.display = "flex";
  row.style.alignItems = "center";
  const axisY = document.createElement("div");
  axisY.textContent = model.get("labels").left;
  axisY.style.writingMode = "vertical-rl";
  axisY.style.transform = "rotate(180deg)";
  const canvas = document.createElement("canvas");
  canvas.width = SIZE;
  canvas.height = SIZE;
  canvas.style.cursor = "crosshair";
  canvas.style.border = "1px solid #999";
  const legend = document.createElement("div");
  legend.style.marginLeft = "6px";
  legend.innerHTML =
    "<div></div><div style='width:12px;height:110px;background:linear-gradient(to top," +
    VIRIDIS.map((c) => `rgb(${c})`).join(",") + ")'></div><div></div>";
  // the scale's ends in the reader's language ("5 pf" in Spanish), set as text
  legend.firstChild.textContent = model.get("labels").top;
  legend.lastChild.textContent = model.get("labels").bottom;
  row.append(axisY, canvas, legend);
  const axisX = document.createElement("div");
  axisX.style.marginLeft = "16px";
  axisX.style.width = SIZE + "px";
  axisX.style.display = "flex";
  axisX.style.justifyContent = "space-between";
  for (const text of ["1900", model.get("labels").right, "1999"]) {
    const span = document.createElement("span");
    span.textContent = text;  // the words are text, never markup
    axisX.appendChild(span);
  }
  const readout = document.createElement("div");
  readout.className = "exlab-whatif-readout";
  readout.style.minHeight = "1.3em";
  el.append(title, row, axisX, readout);
  const cell = SIZE / 100;

  function draw() {
    const ctx = canvas.getContext("2d");
    const values = readGrid(model.get("values"));
    ctx.fillStyle = "#f2f2f2";
    ctx.fillRect(0, 0, SIZE, SIZE);
    for (let l = 0; l < 100; l++) {
      for (let r = 0; r < 100; r++) {
        const v = values[l * 100 + r];
        if (v === undefined || Number.isNaN(v)) continue;
        ctx.fillStyle = colour(v / 5);
        ctx.fillRect(r * cell, (99 - l) * cell, cell + 0.5, cell + 0.5);
      }
    }
    drawContours(ctx, values);
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = "#ffffff";
    for (const [l, r] of model.get("marks")) {
      ctx.strokeRect((r - 1900) * cell - 3, (99 - (l - 1900)) * cell - 3, cell + 6, cell + 6);
    }
    const l = model.get("left") - 1900;
    const r = model.get("right") - 1900;
    const x = (r + 0.5) * cell;
    const y = (99 - l + 0.5) * cell;
    ctx.strokeStyle = "#e0301e";
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(x, 0); ctx.lineTo(x, SIZE);
    ctx.moveTo(0, y); ctx.lineTo(SIZE, y);
    ctx.stroke();
    ctx.lineWidth = 2.5;
    ctx.beginPath();
    ctx.arc(x, y, 6, 0, 2 * Math.PI);
    ctx.stroke();
    title.textContent = model.get("title");
    const v = values.length ? values[l * 100 + r] : NaN;
    // the words come from Python in the reader's language, the decimal sign with them
    const say = model.get("labels");
    readout.textContent = `${l + 1900}–${r + 1900}: ` +
      (v === undefined || Number.isNaN(v)
        ? say.none
        : say.expected.replace("{value}", v.toFixed(2).replace(".", say.decimal || ".")));
  }

  canvas.addEventListener("click", (event) => {
    const box = canvas.getBoundingClientRect();
    const r = Math.floor(((event.clientX - box.left) / box.width) * 100);
    const l = 99 - Math.floor(((event.clientY - box.top) / box.height) * 100);
    model.set("left", 1900 + Math.max(0, Math.min(99, l)));
    model.set("right", 1900 + Math.max(0, Math.min(99, r)));
    model.save_changes();
  });
  for (const name of ["values", "left", "right", "marks", "title"]) model.on(`change:${name}`, draw);
  draw();
}

export default { render };
