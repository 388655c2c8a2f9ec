/// The report page's stylesheet (screen and print), inlined and allowed by its hash (`ReportPolicy`).
enum ReportStyle {
    static let stylesheet = """
        body{font-family:-apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:0 24px 48px;color:#24292f;background:#fff}
        header h1{margin:16px 0 0;font-size:24px}.meta{color:#57606a;margin:4px 0 16px}
        h2{font-size:20px;margin:28px 0 8px}h3{font-size:15px;margin:20px 0 6px}
        #summary{display:flex;flex-wrap:wrap;gap:12px;margin-bottom:16px}
        .count{border:1px solid #d0d7de;border-radius:8px;padding:8px 16px;min-width:90px;text-align:center}
        .count .value{display:block;font-size:28px;font-weight:600}.count .label{color:#57606a;font-size:13px}
        .count.error{border-color:#d1242f;color:#d1242f}.count.warning{border-color:#d97706;color:#d97706}
        .count.note{border-color:#8c959f;color:#6e7781}
        #rule-counts ul{list-style:none;padding:0;margin:0;display:flex;flex-wrap:wrap;gap:8px}
        #rule-counts li{border:1px solid #d0d7de;border-radius:16px;padding:3px 12px;font-size:13px}
        #rule-counts li.error{border-color:#d1242f}#rule-counts li.warning{border-color:#d97706}#rule-counts li.note{border-color:#8c959f}
        #rule-counts .n{font-weight:600}
        nav.graphs{font-size:13px;color:#57606a;margin:8px 0}nav.graphs a{margin-right:12px}
        table{border-collapse:collapse;width:100%;font-size:13px;margin-bottom:8px}
        th,td{border:1px solid #d0d7de;padding:6px 8px;text-align:left;vertical-align:top}
        th{background:#f6f8fa}.severity-error{color:#d1242f}.severity-warning{color:#d97706}.severity-note{color:#6e7781}
        td ul{margin:0;padding-left:18px}td ul ul{color:#57606a}code{font-family:ui-monospace,Menlo,monospace;font-size:12px}
        td.message p{margin:0 0 4px}td.graph-links a{display:block;white-space:nowrap}
        tr.flash td{animation:flash 2s ease-out}@keyframes flash{from{background:#fff8c5}to{background:transparent}}
        .more{color:#57606a}
        .graph{margin-top:24px}
        .graph .viewport{overflow:auto;border:1px solid #d0d7de;border-radius:8px;max-height:80vh;background:#fff}
        .graph .viewport svg{display:block}
        .js .graph .viewport{cursor:grab;overscroll-behavior:contain}.js .graph .viewport.panning{cursor:grabbing}
        .toolbar{display:flex;flex-wrap:wrap;align-items:center;gap:6px;margin:6px 0;font-size:13px}
        .toolbar[hidden]{display:none}
        .toolbar button{font:inherit;min-width:32px;padding:2px 8px;border:1px solid #d0d7de;border-radius:6px;background:#f6f8fa;cursor:pointer}
        .toolbar .zoom-level{min-width:48px;text-align:center;font-variant-numeric:tabular-nums}
        .toolbar input[type=search]{font:inherit;padding:2px 6px;width:220px;border:1px solid #d0d7de;border-radius:6px}
        .search-status{color:#57606a}.fit-hint{color:#57606a}
        .searching g.node[id*="__n__"]:not(.hl),.searching g.edge:not(.hl){opacity:.15}
        g.hl.node polygon,g.hl.node ellipse,g.hl.node path{stroke-width:2.5px}
        g.target polygon,g.target ellipse,g.target path{stroke:#0969da;stroke-width:4px}
        .violations-only g.node[id*="__n__"]:not(.violation):not(.violation-end),.violations-only g.edge:not(.violation){opacity:.06}
        .violations-only g.cluster{opacity:.4}
        g.edge.violation,g.node.violation{cursor:pointer}
        .files{color:#57606a;font-size:13px;margin:4px 0}.clean{color:#1a7f37}
        .render-note{color:#57606a;font-size:13px;margin:4px 0}
        .render-failed{border:2px solid #d1242f;border-radius:8px;padding:12px 16px;color:#24292f;background:#fff5f5}
        .empty-state{border:1px dashed #d0d7de;border-radius:8px;padding:12px 16px;color:#57606a}
        details.focus{border-top:1px solid #d0d7de;padding:6px 0}details.focus summary{cursor:pointer;font-size:14px}
        details.focus .graph{margin-top:4px}details.focus .graph h2{display:none}
        @media print{
        body{margin:0}.toolbar,nav.graphs{display:none}
        .graph{break-inside:avoid}
        .graph .viewport{overflow:visible;max-height:none;border:0}
        .graph .viewport svg{width:100% !important;height:auto !important;max-height:95vh}
        .searching g.node,.searching g.edge,.violations-only g.node,.violations-only g.edge,.violations-only g.cluster{opacity:1 !important}
        table{font-size:10px}table code{font-size:9px}thead{display:table-header-group}tr{break-inside:avoid}
        td,th{word-break:break-word}a{color:inherit;text-decoration:none}
        }
        """
}
