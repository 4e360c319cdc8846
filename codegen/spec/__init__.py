"""Reading one spec: the YAML loader with positions (yaml_loader), JSON Schema validation against
the schemas in schema/ (schema_check), the typed model (model), the registry of numbers and data
types (registry), the tool's configuration (config), data-type expansion (dtypes) and the CPU
references the mirror ships (references/).

May import: diagnostics, plumbing.
"""
