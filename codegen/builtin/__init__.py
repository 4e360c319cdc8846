"""The ops hipdnn-codegen ships: a copy of the project's op_specs/ (registry and specs), so that
`graph validate` and `graph convert` judge a graph outside any workspace by the mirror of these
specs. tests/test_graph_cases.py keeps the copy equal to op_specs/."""
