/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function htmlPage(title: string, body: string, extraHead = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;margin:0;background:#f6f8fb;color:#202124}
header{background:#fff;border-bottom:1px solid #dadce0;padding:12px 24px;display:flex;align-items:center;gap:12px}
header .brand{font-weight:600;font-size:18px}
main{max-width:960px;margin:24px auto;padding:0 16px}
.card{background:#fff;border:1px solid #dadce0;border-radius:8px;padding:24px;margin-bottom:16px}
table{width:100%;border-collapse:collapse;background:#fff}
th,td{text-align:left;padding:8px 10px;border-bottom:1px solid #eceff1;font-size:14px;vertical-align:top}
th{background:#f1f3f4}
a{color:#1a73e8;text-decoration:none} a:hover{text-decoration:underline}
button,.btn{font:inherit;border:1px solid #dadce0;background:#fff;border-radius:4px;padding:8px 14px;cursor:pointer;color:#1a73e8}
button.primary{background:#1a73e8;color:#fff;border-color:#1a73e8}
.muted{color:#5f6368;font-size:13px}
.error{color:#b3261e}
pre{white-space:pre-wrap;word-break:break-word;background:#f8f9fa;padding:12px;border-radius:4px}
</style>${extraHead}</head>
<body>${body}</body></html>`;
}
