/** The report's stylesheet: system fonts, one readable column, the verdict in colour. */
export const REPORT_CSS = `
:root { --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --soft: #f6f8fa; --pass: #1a7f37; --pass-bg: #dafbe1;
  --fail: #cf222e; --fail-bg: #ffebe9; --warn: #9a6700; --warn-bg: #fff8c5; --link: #0969da; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", sans-serif; color: var(--fg); background: #fff; }
main, .inner { max-width: 1100px; margin: 0 auto; padding: 0 24px; }
a { color: var(--link); }
code, pre { font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
/* A cursor is one long word: it wraps anywhere rather than push the page sideways. */
code, td { overflow-wrap: anywhere; }
pre { background: var(--soft); border: 1px solid var(--line); border-radius: 6px; padding: 10px 12px; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; }
header.verdict { padding: 28px 0 20px; border-bottom: 1px solid var(--line); }
header.verdict-pass { background: var(--pass-bg); }
header.verdict-fail { background: var(--fail-bg); }
header.verdict-inconclusive { background: var(--warn-bg); }
.verdict-word { font-size: 64px; font-weight: 800; letter-spacing: 0.04em; line-height: 1; }
.verdict-pass .verdict-word { color: var(--pass); }
.verdict-fail .verdict-word { color: var(--fail); }
.verdict-inconclusive .verdict-word { color: var(--warn); }
.verdict-line { font-size: 20px; margin: 8px 0 16px; }
.facts { display: grid; grid-template-columns: max-content 1fr max-content 1fr; gap: 2px 16px; margin: 0; font-size: 14px; }
.facts dt { color: var(--muted); }
.facts dd { margin: 0; overflow-wrap: anywhere; }
nav { position: sticky; top: 0; background: rgba(255,255,255,0.95); border-bottom: 1px solid var(--line); z-index: 2; }
nav .inner { display: flex; flex-wrap: wrap; gap: 4px 18px; padding-top: 8px; padding-bottom: 8px; font-size: 14px; }
nav a { text-decoration: none; }
section { margin: 32px 0; scroll-margin-top: 48px; }
.capacity-answer { font-size: 20px; margin: 4px 0 8px; }
.capacity-answer b { color: #1a7f37; }
h2 { font-size: 22px; margin: 0 0 12px; display: inline-block; }
h3 { font-size: 17px; margin: 0 0 8px; }
.count { display: inline-block; min-width: 1.8em; padding: 0 8px; border-radius: 999px; background: var(--soft); border: 1px solid var(--line); font-size: 14px; text-align: center; vertical-align: middle; }
.muted { color: var(--muted); }
.tag { display: inline-block; font-size: 12px; font-weight: 500; padding: 0 7px; margin-left: 4px; border-radius: 999px; border: 1px solid var(--line); color: var(--muted); vertical-align: middle; }
.check { border: 1px solid var(--line); border-left-width: 5px; border-radius: 6px; padding: 14px 16px; margin: 12px 0; }
.check-failed { border-left-color: var(--fail); }
.check-advisory { border-left-color: var(--warn); background: #fffdf0; }
.failure { border-top: 1px dashed var(--line); padding-top: 8px; margin-top: 8px; }
.code { font: 600 12px/1.4 ui-monospace, monospace; background: var(--fail-bg); color: var(--fail); padding: 2px 6px; border-radius: 4px; }
.check-advisory .code { background: var(--warn-bg); color: var(--warn); }
.compare { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 6px 0; }
.compare dt { color: var(--muted); }
.compare dd { margin: 0; overflow-wrap: anywhere; }
.label { font-weight: 600; margin: 10px 0 4px; }
ol.requests { margin: 0; padding-left: 22px; }
ul.repro { margin: 0; padding-left: 0; list-style: none; }
ol.requests li { margin: 2px 0; }
ul.seen-by { margin: 0; padding-left: 0; list-style: none; }
ul.seen-by > li { border-top: 1px solid var(--line); padding: 4px 0; }
ul.seen-by > li > details > summary { overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; font-size: 14px; margin: 8px 0; }
th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: var(--soft); font-weight: 600; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
.stage-fail, .stage-error, .regression { color: var(--fail); font-weight: 600; }
.stage-pass { color: var(--pass); font-weight: 600; }
.stage-inconclusive { color: var(--warn); font-weight: 600; }
figure { margin: 8px 0 16px; }
figcaption { color: var(--muted); font-size: 13px; }
.chart { width: 100%; min-height: 280px; }
ul.loads { display: flex; flex-wrap: wrap; gap: 2px 16px; margin: 0; padding: 0; list-style: none; font-size: 13px; color: var(--muted); }
ul.loads li.expected { color: var(--warn); }
details > summary { cursor: pointer; }
details > summary > h2 { margin: 0; }
.knee { font-size: 17px; }
footer { color: var(--muted); font-size: 13px; border-top: 1px solid var(--line); margin-top: 40px; padding: 16px 0 32px; }
`;
