"""The hipDNN checkout side: reading its headers (hipdnn_headers) and FlatBuffers schema (fbs),
drafting a spec from scratch or from the schema (scaffold), adopting an op hipDNN already has
(adopt), placing generated files into the checkout (apply), importing its numbering into a
registry (registry_import), and the drift check between specs and the checkout's schema
(schema_drift).

May import: diagnostics, plumbing, spec, views, families, checks, pipeline.
"""
