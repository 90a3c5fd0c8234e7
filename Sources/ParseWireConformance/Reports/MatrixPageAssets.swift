/// The matrix page's inline style and script: no file or address outside the page.
enum MatrixPageAssets {
    /// Each outcome's cell style (``CheckOutcome/cellStyle``).
    static let outcomeStyle = CheckOutcome.allCases.map { ".o-\($0.rawValue){\($0.cellStyle)}" }.joined()

    /// Each outcome's colour in a bar (``CheckOutcome/barColour``).
    static let barStyle = CheckOutcome.allCases.map { ".bar .o-\($0.rawValue){background:\($0.barColour)}" }.joined()

    /// The page's style: the outcomes' colours come from ``CheckOutcome``.
    static let style = """
    body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:1.5em;color:#1a1a1a;line-height:1.35}
    h1{margin:.2em 0}h2{margin:1.2em 0 .4em;font-size:1.25em}
    table{border-collapse:collapse;font-size:.85em}th,td{border:1px solid #d0d0d0;padding:.25em .5em;text-align:left;vertical-align:top}
    thead th{background:#f0f0f0;position:sticky;top:0;z-index:1}td.n,th.n{text-align:right}code{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:1em}
    .warning{background:#fff4d6;border:2px solid #d08f00;padding:.6em .8em;max-width:75em}
    .summary td[class^="v-"]{white-space:nowrap}td.unexpected{font-weight:bold;color:#a00}.run small{display:block;color:#555}
    .v-passed{background:#d9f2d9}.v-failed{background:#f6c6c6}.v-incomplete{background:#fde9b8}
    \(outcomeStyle).o-missing{color:#888}
    td small{display:block;color:#444;font-size:.85em;max-width:34em;overflow-wrap:anywhere}
    .areas td{min-width:11em}.bar{display:flex;height:.6em;width:100%;background:#f4f4f4;margin:.15em 0 .25em}
    .bar i{display:block;height:100%}
    \(barStyle)
    .v-authority{background:#dfe9f8}td.v-authority small{display:block;color:#444}td.what{font-size:.95em}
    .a-rejected,.a-read{background:#d9f2d9}.a-acceptedKept{background:#e3f0fb}.a-acceptedChanged{background:#fde9b8}
    .a-keptAsState{background:#e8f5e9}.a-knownDivergence{background:#f3e0f7}.a-choice{background:#fff7d1}
    .a-notApplicable{background:#eceff1;color:#555}.a-unexplained{background:#f6c6c6}
    .bar .a-rejected{background:#2e7d32}.bar .a-read{background:#66bb6a}.bar .a-acceptedKept{background:#64a0d8}
    .bar .a-acceptedChanged{background:#e0a030}.bar .a-keptAsState{background:#a5d6a7}.bar .a-knownDivergence{background:#ab47bc}
    .bar .a-choice{background:#e6c84f}.bar .a-notApplicable{background:#b0bec5}.bar .a-unexplained{background:#d9534f}
    p.authority{background:#eef3fb;border-left:4px solid #5c8fd6;padding:.5em .8em}table.authority .chip{width:2em;display:inline-block;text-align:center}
    span.c{white-space:nowrap;padding:0 .2em;border-radius:.2em;font-size:.95em}
    .legend{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(34em,1fr));gap:.2em 1.5em;font-size:.9em}
    .legend li{display:flex;gap:.5em;align-items:baseline}
    .chip{flex:none;width:8em;padding:0 .3em;border:1px solid #ccc;border-radius:.2em}
    .note{font-size:.9em;color:#333;max-width:75em}.filter input{font-size:1em;padding:.2em .4em}
    section.g{content-visibility:auto}section.g h3{font-size:1em;margin:1em 0 .2em;background:#e8ecf4;padding:.25em .5em}
    .k{font-weight:normal;color:#555}.matrix{table-layout:fixed;width:100%}.matrix td{overflow-wrap:anywhere}
    """

    /// The filter: every word typed must occur in a row's text or its group's heading
    /// (id, operation, input, description, area, tags, outcomes, reasons).
    static let script = """
    (function(){
    var q=document.getElementById('q');if(!q)return;
    var out=document.getElementById('shown');
    var groups=Array.prototype.slice.call(document.querySelectorAll('section.g'));
    var index=null;
    function build(){index=groups.map(function(g){
      var head=g.querySelector('h3').textContent.toLowerCase();
      return Array.prototype.slice.call(g.querySelector('tbody').rows).map(function(r){return [r,head+' '+r.textContent.toLowerCase()];});});}
    function apply(){
      if(!index)build();
      var words=q.value.toLowerCase().split(/\\s+/).filter(function(w){return w.length>0;});
      var shown=0,total=0;
      groups.forEach(function(g,i){var n=0;
        index[i].forEach(function(e){var ok=words.every(function(w){return e[1].indexOf(w)>=0;});
          if(e[0].hidden===ok)e[0].hidden=!ok;if(ok)n++;total++;});
        g.hidden=n===0;shown+=n;});
      out.textContent=words.length?shown+' of '+total+' shown':'';
    }
    var timer=null;
    q.addEventListener('input',function(){clearTimeout(timer);timer=setTimeout(apply,120);});
    if(q.value)apply();
    })();
    """
}
