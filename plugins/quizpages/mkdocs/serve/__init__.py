"""`mkdocs serve` that renders again only what a save changed: the incremental rebuild.

- session.py: the site as the last build left it, the server's rebuilds taken over, the start;
- language_builds.py: what each language's build leaves behind, and rendering its pages again;
- page_updates.py: from the files a save changed to the pages rendered again;
- search_index.py: the search index after single pages were rendered again;
- live_server.py: MkDocs' live-reload server, watching faster and more.

Generated pages' HTML is kept from one build or server for the next by ../page_html.py, which builds use too.

Whatever this takes of MkDocs', its server's, the search plugins' and
mkdocs-static-i18n's internals goes through ../internals.py, which checks them
when a server starts; without one of them, none of this runs and MkDocs' own
full rebuilds serve the site.
"""
