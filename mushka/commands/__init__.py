"""The bodies of the `mushka` commands, one module each; `mushka.cli` only parses and dispatches."""
