// The soak's chart: Vega-Lite compiled to Vega and rendered to SVG in Node (no browser, no canvas:
// text is measured by Vega's estimate). One panel per series, minute on the x axis.
import * as vega from 'vega';
import { compile } from 'vega-lite';

const panel = (title, unit, rows, goal) => ({
  title,
  width: 640,
  height: 130,
  layer: [
    {
      data: { values: rows },
      mark: { type: 'line', point: { size: 12 } },
      encoding: {
        x: { field: 'minute', type: 'quantitative', title: 'minuto' },
        y: { field: 'value', type: 'quantitative', title: unit },
        color: { field: 'series', type: 'nominal', title: null, legend: { orient: 'right', labelLimit: 220 } },
      },
    },
    ...(goal === undefined ? [] : [{ data: { values: [{ goal }] }, mark: { type: 'rule', strokeDash: [4, 4], color: '#b00' }, encoding: { y: { field: 'goal', type: 'quantitative' } } }]),
  ],
});

/** `minutes`: the per-minute rows of run.mjs. Answers the SVG text. */
export async function soakChart(minutes, { title }) {
  const rows = (pick) => minutes.flatMap((m) => pick(m).filter(([, value]) => value !== null && value !== undefined && Number.isFinite(value)).map(([series, value]) => ({ minute: m.minute, series, value })));
  const instances = minutes[0]?.instances.length ?? 0;
  const each = (label, get) => (m) => m.instances.map((instance, n) => [`${label} ${n + 1}`, get(instance)]);
  const spec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: title, anchor: 'start' },
    vconcat: [
      panel('Latência de envio (foto)', 'ms', rows((m) => [['p50', m.uploadP50], ['p95', m.uploadP95]])),
      panel('Atraso até o telão (resposta do envio → foto pronta no socket do telão)', 'ms', rows((m) => [['p50', m.wallP50], ['p95', m.wallP95], ['p99', m.wallP99]]), 2000),
      panel('Atraso do event loop (p99 e máximo do minuto)', 'ms', rows((m) => [...each('p99 instância', (i) => i.loopP99)(m), ...each('máx instância', (i) => i.loopMax)(m)])),
      panel('Memória por instância', 'MB', rows((m) => [...each('RSS instância', (i) => i.rssMb)(m), ...each('heap usado instância', (i) => i.heapUsedMb)(m)])),
      panel('Fila de mídia (pg-boss: esperando + em execução) e carga da máquina', 'jobs / load', rows((m) => [['fila (máx do minuto)', m.queueMax], ['load 1 min', m.load1]])),
    ],
    // Each panel its own colours and legend (a series name means one thing per panel).
    resolve: { scale: { color: 'independent' }, legend: { color: 'independent' } },
    config: { font: 'DejaVu Sans, sans-serif', view: { stroke: '#ddd' } },
  };
  if (instances === 0) spec.vconcat.splice(2, 2);
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

// `node bench/event-soak/chart.mjs bench/results/event-soak-60min.json`: draws the chart of a run's JSON again.
if (process.argv[1] && import.meta.url === (await import('node:url')).pathToFileURL(process.argv[1]).href) {
  const fs = await import('node:fs');
  const file = process.argv[2];
  const { summary, minutes } = JSON.parse(fs.readFileSync(file, 'utf8'));
  const svg = await soakChart(minutes, { title: `Momentos: evento de ${summary.minutes} min em 2 instâncias (PostgreSQL + S3), ${summary.machine.cores} núcleos, load ${summary.loadDuringRun.median} (mediana)` });
  fs.writeFileSync(file.replace(/\.json$/, '.svg'), svg);
  console.log(`wrote ${file.replace(/\.json$/, '.svg')}`);
}
