"""add-op --cudnn-frontend-root DIR: the spec's `cudnn` key read from a cudnn-frontend checkout
(codegen/hipdnn/adopt_cudnn.py). The shipped ops' keys round-trip from the stand-in
tests/fixtures/cudnn_frontend_tree (tests/test_adopt.py); these cases pin what is not read, and why."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import REPO, run_cli

from codegen.hipdnn import adopt_cudnn

STAND_IN = REPO / "tests" / "fixtures" / "cudnn_frontend_tree"
BATCHNORM_BWD = [("dy", "input", False), ("x", "input", False), ("scale", "input", False), ("mean", "input", False),
                 ("inv_variance", "input", False), ("peer_stats", "input", True), ("dx", "output", False),
                 ("dscale", "output", False), ("dbias", "output", False)]


def _tree(tmp_path: Path) -> Path:
    root = tmp_path / "cudnn-frontend"
    shutil.copytree(STAND_IN, root)
    return root


def test_stand_in_gives_the_shipped_key():
    parity = adopt_cudnn.read(STAND_IN, "Batchnorm_inference_attributes",
                              [("x", "input", False), ("mean", "input", False), ("inv_variance", "input", False),
                               ("scale", "input", False), ("bias", "input", False), ("y", "output", False)], [], "1.19.1")
    assert parity.found and parity.graph_method == "batchnorm_inference" and parity.setters == []
    assert parity.descriptor == "CUDNN_BACKEND_OPERATION_NORM_FORWARD_DESCRIPTOR"
    assert dict(parity.backend) == {
        "x": "CUDNN_ATTR_OPERATION_NORM_FWD_XDESC", "mean": "CUDNN_ATTR_OPERATION_NORM_FWD_MEAN_DESC",
        "inv_variance": "CUDNN_ATTR_OPERATION_NORM_FWD_INV_VARIANCE_DESC", "scale": "CUDNN_ATTR_OPERATION_NORM_FWD_SCALE_DESC",
        "bias": "CUDNN_ATTR_OPERATION_NORM_FWD_BIAS_DESC", "y": "CUDNN_ATTR_OPERATION_NORM_FWD_YDESC",
    }  # the mode and phase attributes belong to no tensor: not listed


def test_a_class_cudnn_frontend_lacks_writes_no_key():
    parity = adopt_cudnn.read(STAND_IN, "Groupnorm_backward_attributes", [("x", "input", False)], [], "1.19.1")
    assert not parity.found
    assert parity.lines == ["cuDNN parity: include/cudnn_frontend/graph_properties.h has no class Groupnorm_backward_attributes "
                            "(hipDNN's alias): no cudnn key written; state `cudnn: {attributes: none, descriptor: none}` by hand "
                            "if cuDNN has no such operation"]


def test_a_composite_node_writes_no_key():
    """SDPA backward: cudnn-frontend builds it from other operations, naming no backend descriptor."""
    parity = adopt_cudnn.read(STAND_IN, "SDPA_backward_attributes", [("q", "input", False)], [], "1.19.1")
    assert not parity.found and parity.setters and parity.graph_method == "sdpa_backward"
    assert "scaled_dot_product_flash_attention.h creates no backend descriptor of its own" in parity.lines[0]


def test_another_release_than_the_pin_is_said(tmp_path):
    root = _tree(tmp_path)
    version = root / adopt_cudnn.VERSION
    version.write_text(version.read_text().replace("MINOR_VERSION 19", "MINOR_VERSION 20"))
    parity = adopt_cudnn.read(root, "Batchnorm_backward_attributes", BATCHNORM_BWD, [], "1.19.1")
    assert parity.found
    assert parity.lines[0] == "cuDNN parity: the cudnn-frontend checkout is 1.20.1, the registry pins 1.19.1: the names below are 1.20.1's (review)"
    (root / adopt_cudnn.VERSION).unlink()
    assert adopt_cudnn.read(root, "Batchnorm_backward_attributes", BATCHNORM_BWD, [], "1.19.1").lines[0].endswith(
        "not found or without its version defines: the checkout's release is unknown (review)")


def test_a_deprecated_graph_method_is_skipped(tmp_path):
    """cudnn-frontend keeps a deprecated forward taking SDPA_backward_attributes; declared first, it is still skipped."""
    root = _tree(tmp_path)
    interface = root / adopt_cudnn.INTERFACE
    text = interface.read_text()
    old = "    std::array<Tensor_t, 5> batchnorm("
    interface.write_text(text.replace(old, "    [[deprecated]] std::array<Tensor_t, 3> old_dbn(Tensor_t, Batchnorm_backward_attributes);\n\n" + old))
    parity = adopt_cudnn.read(root, "Batchnorm_backward_attributes", BATCHNORM_BWD, [], "1.19.1")
    assert parity.graph_method == "batchnorm_backward"


def test_an_attribute_no_tensor_matches_is_left_out_and_said(tmp_path):
    """The op names its statistics otherwise and has two of them unmatched: no pairing is guessed."""
    tensors = [(n.replace("mean", "saved_avg").replace("inv_variance", "saved_rstd"), r, lst) for n, r, lst in BATCHNORM_BWD]
    parity = adopt_cudnn.read(STAND_IN, "Batchnorm_backward_attributes", tensors, [], "1.19.1")
    assert parity.found and "saved_avg" not in dict(parity.backend) and "x" in dict(parity.backend)
    assert parity.lines[-1] == ("cuDNN parity: include/cudnn_frontend/node/dbn.h sets attributes no tensor or field of the op matches, "
                                "left out (review): CUDNN_ATTR_OPERATION_NORM_BWD_MEAN_DESC (input_names::MEAN), "
                                "CUDNN_ATTR_OPERATION_NORM_BWD_INV_VARIANCE_DESC (input_names::INV_VARIANCE)")


def test_a_missing_checkout_is_a_usage_error(tmp_path):
    ws = tmp_path / "ws"
    shutil.copytree(REPO / "op_specs", ws / "op_specs")
    fbs = REPO / "tests" / "fixtures" / "hipdnn_tree" / "flatbuffers_sdk" / "schemas" / "batchnorm_attributes.fbs"
    (ws / "op_specs" / "batchnorm.yaml").unlink()
    result = run_cli("add-op", "batchnorm", "--from-fbs", str(fbs), "--cudnn-frontend-root", str(tmp_path / "nowhere"), "--dry-run", cwd=ws)
    assert result.code == 2 and "Traceback" not in result.err
    assert f"--cudnn-frontend-root {tmp_path / 'nowhere'}: no such directory" in result.out + result.err


def test_a_node_built_through_operation_builder_writes_no_key(tmp_path):
    """cudnn-frontend's older nodes build the operation through OperationBuilder setters (setxDesc...),
    whose attribute names live in another file: not read, so no partial key is written."""
    root = _tree(tmp_path)
    (root / adopt_cudnn.NODES / "dbn.h").write_text(
        "class DBNNode {\n   public:\n    Batchnorm_backward_attributes attributes;\n"
        "    void build() const {\n"
        "        auto op = cudnn_frontend::OperationBuilder(DescriptorType_t::OPERATION_NORM_BACKWARD_DESCRIPTOR);\n"
        "        op.setxDesc(x).setdyDesc(dy);\n    }\n};\n")
    parity = adopt_cudnn.read(root, "Batchnorm_backward_attributes", BATCHNORM_BWD, [], "1.19.1")
    assert not parity.found
    assert parity.lines == ["cuDNN parity: include/cudnn_frontend/node/dbn.h sets no backend attribute through detail::set_attribute "
                            "that adoption could give a tensor: no cudnn key written (a node built with OperationBuilder setters is not read)"]


def test_the_configuration_names_the_checkout(tmp_path):
    """`cudnn-frontend-root` in hipdnn-codegen.toml is add-op's default, relative to the file."""
    ws = tmp_path / "ws"
    shutil.copytree(REPO / "op_specs", ws / "op_specs")
    (ws / "op_specs" / "rmsnorm_bwd.yaml").unlink()
    shutil.copytree(STAND_IN, tmp_path / "cudnn-frontend")
    (ws / "hipdnn-codegen.toml").write_text('cudnn-frontend-root = "../cudnn-frontend"\n')
    fixture = REPO / "tests" / "fixtures" / "hipdnn_tree"
    result = run_cli("add-op", "rmsnorm_bwd", "--hipdnn-root", str(fixture), "--dry-run", cwd=ws)
    assert result.code == 0, result.out + result.err
    assert "\ncudnn:\n  attributes: Rmsnorm_backward_attributes\n  graph_method: rmsnorm_backward\n  setters: [has_dbias]\n" in result.out
    assert "    inv_rms: CUDNN_ATTR_OPERATION_NORM_BWD_INV_VARIANCE_DESC\n" in result.out
    (ws / "hipdnn-codegen.toml").write_text("cudnn-frontend-root = 3\n")
    bad = run_cli("add-op", "rmsnorm_bwd", "--hipdnn-root", str(fixture), "--dry-run", cwd=ws)
    assert bad.code == 2 and "cudnn-frontend-root must be a string" in bad.out + bad.err and "Traceback" not in bad.err


# --- cuDNN's backend header (add-op --cudnn-root): the names of an op cudnn-frontend builds from other operations

CUDNN = REPO / "tests" / "fixtures" / "cudnn_tree"
SDPA_BWD = [(n, "input", False) for n in ("q", "k", "v", "o", "do", "stats", "scale", "attn_mask", "seq_len_q", "seq_len_kv")] + \
           [(n, "output", False) for n in ("dq", "dk", "dv", "dbias")]
SDPA_BWD_HIPDNN = adopt_cudnn.Hipdnn("HIPDNN_BACKEND_OPERATION_SDPA_BWD_DESCRIPTOR_EXT",
                                     {"q": "HIPDNN_ATTR_OPERATION_SDPA_BWD_Q_EXT", "do": "HIPDNN_ATTR_OPERATION_SDPA_BWD_DO_EXT"})


def _header(tmp_path: Path, edit) -> Path:  # type: ignore[no-untyped-def]
    root = tmp_path / "cudnn"
    shutil.copytree(CUDNN, root)
    header = root / "include" / "cudnn_graph.h"
    header.write_text(edit(header.read_text()))
    return root


def test_a_composite_node_takes_its_names_from_the_cudnn_header():
    """SDPA backward: the descriptor spelling hipDNN's, each DESC attribute the tensor of its name
    (DODDESC is dO's), and the descriptor listed as named by hipDNN first (its _EXT predates cuDNN's)."""
    parity = adopt_cudnn.read(STAND_IN, "SDPA_backward_attributes", SDPA_BWD, ["causal_mask"], "1.19.1", CUDNN, SDPA_BWD_HIPDNN)
    assert parity.found and parity.descriptor == "CUDNN_BACKEND_OPERATION_SDPA_BWD_DESCRIPTOR"
    assert [name for name, _ in parity.backend] == ["q", "k", "v", "o", "do", "stats", "scale", "seq_len_q", "seq_len_kv", "dq", "dk", "dv"]
    assert dict(parity.backend)["do"] == "CUDNN_ATTR_OPERATION_SDPA_BWD_DODDESC"
    assert parity.ext_predates == ["descriptor"]  # q's _EXT name is spelt otherwise than QDESC: no exception
    assert parity.lines[-1] == "cuDNN parity: CUDNN_BACKEND_OPERATION_SDPA_BWD_DESCRIPTOR and 12 backend attributes from the cuDNN header include/cudnn_graph.h"
    assert parity.yaml("cf")[-1] == "  ext_predates_cudnn: [descriptor]" and "cuDNN's include/cudnn_graph.h" in parity.yaml("cf")[1]


def test_sdpa_forward_names_come_from_the_same_header():
    """Another op: SDPA forward's descriptor and attributes; the block mask and page tables name no
    tensor of this op and are said, not guessed."""
    tensors = ["q", "k", "v", "o", "stats", "scale", "seq_len_q", "seq_len_kv"]
    parity = adopt_cudnn.Parity()
    assert adopt_cudnn.backend(CUDNN, adopt_cudnn.Hipdnn("HIPDNN_BACKEND_OPERATION_SDPA_FWD_DESCRIPTOR"), tensors, [], parity)
    assert parity.descriptor == "CUDNN_BACKEND_OPERATION_SDPA_FWD_DESCRIPTOR" and parity.ext_predates == []
    assert dict(parity.backend) == {t: f"CUDNN_ATTR_OPERATION_SDPA_FWD_{t.upper()}DESC" for t in tensors}
    assert parity.lines[-1] == ("cuDNN parity: include/cudnn_graph.h names CUDNN_ATTR_OPERATION_SDPA_FWD_* attributes no tensor or field of the "
                                "op matches, left out (review): CUDNN_ATTR_OPERATION_SDPA_FWD_BLOCK_MASK_DESC, "
                                "CUDNN_ATTR_OPERATION_SDPA_FWD_PAGE_TABLE_KDESC, CUDNN_ATTR_OPERATION_SDPA_FWD_PAGE_TABLE_VDESC")


def test_a_field_and_the_compute_type_take_their_attributes(tmp_path):
    """A non-DESC attribute is a field's by name (each word a prefix), MATH_PREC the compute type's."""
    root = _header(tmp_path, lambda t: t.replace("= 2862,", "= 2862,\n    CUDNN_ATTR_OPERATION_SDPA_BWD_MATH_PREC = 2870,\n"
                                                           "    CUDNN_ATTR_OPERATION_SDPA_BWD_CAUSAL_MASK = 2871,"))
    parity = adopt_cudnn.Parity()
    assert adopt_cudnn.backend(root, SDPA_BWD_HIPDNN, ["q"], ["causal_mask"], parity)
    assert parity.backend == [("q", "CUDNN_ATTR_OPERATION_SDPA_BWD_QDESC"), ("causal_mask", "CUDNN_ATTR_OPERATION_SDPA_BWD_CAUSAL_MASK"),
                              ("compute_type", "CUDNN_ATTR_OPERATION_SDPA_BWD_MATH_PREC")]


def test_without_a_cudnn_root_a_composite_node_says_how_to_give_one():
    parity = adopt_cudnn.read(STAND_IN, "SDPA_backward_attributes", SDPA_BWD, [], "1.19.1")
    assert not parity.found and parity.lines[-1].endswith("no cudnn key written; pass --cudnn-root DIR (a cuDNN install) to read cuDNN's names from its backend header")


def test_a_missing_or_unreadable_header_writes_no_key(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    parity = adopt_cudnn.read(STAND_IN, "SDPA_backward_attributes", SDPA_BWD, [], "1.19.1", empty, SDPA_BWD_HIPDNN)
    assert not parity.found and parity.lines[-1] == f"cuDNN parity: no readable include/cudnn_graph.h (nor cudnn_graph.h) under the cuDNN root {empty}: no cudnn key written"
    unclosed = _header(tmp_path / "a", lambda t: t.replace("} cudnnBackendAttributeName_t;", ""))  # the attribute enum never closed
    parity = adopt_cudnn.read(STAND_IN, "SDPA_backward_attributes", SDPA_BWD, [], "1.19.1", unclosed, SDPA_BWD_HIPDNN)
    assert not parity.found and parity.lines[-1] == ("cuDNN parity: include/cudnn_graph.h has no readable `typedef enum {...} "
                                                     "cudnnBackendAttributeName_t;`: no cudnn key written (review the header)")
    binary = _header(tmp_path / "b", lambda t: t)
    (binary / "include" / "cudnn_graph.h").write_bytes(b"\xff\xfe\x00typedef enum {")  # not UTF-8, and cut short
    parity = adopt_cudnn.read(STAND_IN, "SDPA_backward_attributes", SDPA_BWD, [], "1.19.1", binary, SDPA_BWD_HIPDNN)
    assert not parity.found and parity.lines[-1].startswith("cuDNN parity: include/cudnn_graph.h has no readable `typedef enum")


def test_malformed_enumerators_are_skipped_and_a_missing_descriptor_is_said(tmp_path):
    """An entry not of the form NAME [= value] is no name; a descriptor cuDNN lacks writes no key."""
    root = _header(tmp_path, lambda t: t.replace("CUDNN_ATTR_OPERATION_SDPA_BWD_KDESC          = 2852,", "CUDNN_ATTR_OPERATION_SDPA_BWD_KDESC 2852 junk,")
                   .replace("    CUDNN_ATTR_OPERATION_SDPA_BWD_VDESC", "#if CUDNN_VERSION >= 91700\n    CUDNN_ATTR_OPERATION_SDPA_BWD_VDESC")
                   .replace("= 2853,", "= 2853,\n#endif"))  # a preprocessor line is no entry
    parity = adopt_cudnn.Parity()
    assert adopt_cudnn.backend(root, SDPA_BWD_HIPDNN, ["q", "k", "v"], [], parity)
    assert dict(parity.backend) == {"q": "CUDNN_ATTR_OPERATION_SDPA_BWD_QDESC", "v": "CUDNN_ATTR_OPERATION_SDPA_BWD_VDESC"}
    root = _header(tmp_path / "c", lambda t: t.replace("    CUDNN_BACKEND_OPERATION_SDPA_BWD_DESCRIPTOR = 43,\n", ""))
    parity = adopt_cudnn.Parity()
    assert not adopt_cudnn.backend(root, SDPA_BWD_HIPDNN, ["q"], [], parity)
    assert parity.lines == ["cuDNN parity: include/cudnn_graph.h's cudnnBackendDescriptorType_t has no CUDNN_BACKEND_OPERATION_SDPA_BWD_DESCRIPTOR "
                            "(hipDNN's HIPDNN_BACKEND_OPERATION_SDPA_BWD_DESCRIPTOR_EXT): no cudnn key written; state `descriptor: none` by hand "
                            "if cuDNN has no such operation"]


def test_the_cudnn_root_on_the_command_line_and_in_the_configuration(tmp_path):
    """--cudnn-root DIR, else `cudnn-root` in hipdnn-codegen.toml (relative to the file); a missing
    directory is a usage error, a non-string value a configuration error, never a traceback."""
    ws = tmp_path / "ws"
    shutil.copytree(REPO / "op_specs", ws / "op_specs")
    (ws / "op_specs" / "sdpa_bwd.yaml").unlink()
    fixture = str(REPO / "tests" / "fixtures" / "hipdnn_tree")
    args = ("add-op", "sdpa_bwd", "--hipdnn-root", fixture, "--cudnn-frontend-root", str(STAND_IN), "--dry-run")
    missing = run_cli(*args, "--cudnn-root", str(tmp_path / "nowhere"), cwd=ws)
    assert missing.code == 2 and f"--cudnn-root {tmp_path / 'nowhere'}: no such directory" in missing.out + missing.err and "Traceback" not in missing.err
    shutil.copytree(CUDNN, tmp_path / "cudnn")
    (ws / "hipdnn-codegen.toml").write_text('cudnn-root = "../cudnn"\n')
    result = run_cli(*args, cwd=ws)
    assert result.code == 0, result.out + result.err
    assert "  descriptor: CUDNN_BACKEND_OPERATION_SDPA_BWD_DESCRIPTOR\n" in result.out and "    do: CUDNN_ATTR_OPERATION_SDPA_BWD_DODDESC\n" in result.out
    (ws / "hipdnn-codegen.toml").write_text("cudnn-root = 3\n")
    bad = run_cli(*args, cwd=ws)
    assert bad.code == 2 and "cudnn-root must be a string" in bad.out + bad.err and "Traceback" not in bad.err
