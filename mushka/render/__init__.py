"""The Rich renderers every terminal seat draws with: the table, its panels and sheets, the public
table and log, the coach's hint, the rulebook; no input, no terminal of their own."""
