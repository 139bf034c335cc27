/**
 * The browser side of the report's charts, inlined after uPlot. Plain ES5-style JavaScript in a
 * string: it runs in the browser, never in Node, and reads only the JSON the report embeds
 * (chart-data.ts shapes it). When it is done it sets `data-charts="ready"` on <body> so a test
 * can wait for it instead of sleeping.
 */
export const CHART_CLIENT_JS = String.raw`(function () {
  'use strict';
  var palette = ['#0969da', '#bf3989', '#1a7f37', '#9a6700', '#8250df', '#cf222e', '#1b7c83', '#57606a'];
  var charts = JSON.parse(document.getElementById('report-charts').textContent || '{}');
  var fromZero = function (u, min, max) { return [0, max > 0 ? max * 1.1 : 1]; };
  // A percentage axis: every tick says "%", and nothing measured above 0 shows as 0 to 100 %.
  var percentRange = function (u, min, max) { return [0, max > 0 ? Math.min(100, max * 1.1) : 100]; };
  var percentTicks = function (u, splits) { return splits.map(function (v) { return v + '%'; }); };
  function axis(label, scale, percent) {
    var a = { label: label, scale: scale };
    if (percent) a.values = percentTicks;
    return a;
  }
  var format = function (u, value) { return value == null ? '–' : (Math.round(value * 100) / 100).toString(); };

  // Each marker a dashed vertical line, named at the top; the second label sits under the first.
  function markerHook(marker, row) {
    return function (u) {
      var ctx = u.ctx;
      var x = Math.round(u.valToPos(marker.x, 'x', true));
      var color = marker.tone === 'good' ? '#1a7f37' : '#cf222e';
      ctx.save();
      ctx.strokeStyle = color;
      ctx.fillStyle = color;
      ctx.lineWidth = 2 * devicePixelRatio;
      ctx.setLineDash([6 * devicePixelRatio, 4 * devicePixelRatio]);
      ctx.beginPath();
      ctx.moveTo(x, u.bbox.top);
      ctx.lineTo(x, u.bbox.top + u.bbox.height);
      ctx.stroke();
      ctx.font = 'bold ' + 12 * devicePixelRatio + 'px system-ui, sans-serif';
      ctx.fillText(marker.label, x + 6 * devicePixelRatio, u.bbox.top + (14 + 16 * row) * devicePixelRatio);
      ctx.restore();
    };
  }

  // Each load as a shaded stretch of the time axis, named at its top; a load that provokes
  // something on purpose (throttling) is tinted amber and says so.
  function bandsHook(bands) {
    return function (u) {
      var ctx = u.ctx;
      var px = devicePixelRatio;
      ctx.save();
      ctx.font = 12 * px + 'px system-ui, sans-serif';
      bands.forEach(function (band, i) {
        var left = Math.max(u.bbox.left, u.valToPos(band.from, 'x', true));
        var right = Math.min(u.bbox.left + u.bbox.width, u.valToPos(band.to, 'x', true));
        if (right <= left) return;
        ctx.fillStyle = band.expected ? 'rgba(212, 167, 44, 0.18)' : (i % 2 ? 'rgba(87, 96, 106, 0.10)' : 'rgba(87, 96, 106, 0.04)');
        ctx.fillRect(left, u.bbox.top, right - left, u.bbox.height);
        ctx.fillStyle = band.expected ? '#7d4e00' : '#57606a';
        // Labels alternate between two rows so neighbouring short loads do not overprint.
        var y = u.bbox.top + (i % 2 ? 28 : 14) * px;
        ctx.save();
        ctx.beginPath();
        ctx.rect(left, u.bbox.top, right - left, u.bbox.height);
        ctx.clip();
        ctx.fillText(band.label, left + 4 * px, y);
        ctx.restore();
      });
      ctx.restore();
    };
  }

  function draw(id, spec) {
    var el = document.getElementById(id);
    if (!el || !spec) return 0;
    var series = [{ label: spec.xLabel }].concat(spec.series.map(function (s, i) {
      // Dashed lines read against the right axis, solid ones against the left.
      return { label: s.label, scale: s.scale || 'y', stroke: palette[i % palette.length], width: 2,
        dash: s.scale === 'y2' ? [6, 4] : undefined,
        spanGaps: !s.breakAtGaps, value: format, points: { show: spec.x.length <= 40 } };
    }));
    var xAxis = { label: spec.xLabel };
    if (spec.integerX) xAxis.incrs = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];
    var axes = [xAxis, axis(spec.yLabel, 'y', spec.yPercent)];
    var scales = { x: { time: false }, y: { range: spec.yPercent ? percentRange : fromZero } };
    if (spec.y2Label) {
      var right = axis(spec.y2Label, 'y2', spec.y2Percent);
      right.side = 1;
      right.grid = { show: false };
      axes.push(right);
      scales.y2 = { range: spec.y2Percent ? percentRange : fromZero };
    }
    var opts = {
      width: Math.max(320, Math.min(el.clientWidth || 900, 1040)),
      height: 280,
      scales: scales,
      series: series,
      axes: axes,
      hooks: {
        drawClear: spec.bands ? [bandsHook(spec.bands)] : [],
        draw: (spec.markers || []).map(markerHook),
      },
    };
    new uPlot(opts, [spec.x].concat(spec.series.map(function (s) { return s.values; })), el);
    return 1;
  }

  var drawn = draw('chart-rate429', charts.rate429) + draw('chart-latency-time', charts.latencyOverTime) +
    draw('chart-rate-time', charts.rateOverTime) + draw('chart-depth', charts.depth) +
    draw('chart-capacity', charts.capacity);
  document.body.setAttribute('data-charts', 'ready');
  document.body.setAttribute('data-chart-count', String(drawn));
})();
`;
