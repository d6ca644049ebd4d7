"""The MkDocs glue: the plugin (events only), its options as MkDocs sees them, mkdocs-static-i18n wiring."""
