"""The shared pieces of compiled submissions: toolchains found and said once, builds kept by
the digest of what they came from."""

from __future__ import annotations

import shutil

import pytest

from graders.run import buildcache, toolchains


def test_a_build_key_changes_with_any_input_and_not_with_order():
    files = [("a.hs", b"main = print 1"), ("Helpers.hs", b"module Helpers where")]
    key = buildcache.build_key(files, ["ghc", "-O0"], "9.0.2")
    assert key == buildcache.build_key(list(reversed(files)), ["ghc", "-O0"], "9.0.2")
    assert key != buildcache.build_key([files[0]], ["ghc", "-O0"], "9.0.2")
    assert key != buildcache.build_key(
        [("a.hs", b"main = print 2"), files[1]], ["ghc", "-O0"], "9.0.2"
    )
    assert key != buildcache.build_key(files, ["ghc", "-O2"], "9.0.2")
    assert key != buildcache.build_key(files, ["ghc", "-O0"], "9.4.7")
    # A name and its bytes cannot trade places with the next file's.
    assert buildcache.build_key([("ab", b"c")], [], "") != buildcache.build_key(
        [("a", b"bc")], [], ""
    )


def test_a_kept_build_is_found_again_and_kept_once(tmp_path, monkeypatch):
    monkeypatch.setenv(buildcache.ENV, str(tmp_path / "cache"))
    built = tmp_path / "built"
    built.mkdir()
    (built / "part01").write_bytes(b"\x7fELF...")
    key = buildcache.build_key([("x", b"y")], ["cc"], "1")
    assert buildcache.lookup(key) is None
    kept = buildcache.keep(key, built)
    assert buildcache.lookup(key) == kept
    assert (kept / "part01").read_bytes() == b"\x7fELF..."
    (built / "part01").write_bytes(b"changed")
    assert buildcache.keep(key, built) == kept  # the first build stays
    assert (kept / "part01").read_bytes() == b"\x7fELF..."
    assert not [p for p in (tmp_path / "cache").iterdir() if p.name.startswith(".")]


def test_a_missing_toolchain_is_said_once_with_its_install_command(monkeypatch):
    chain = toolchains.Toolchain("NoLang", "no-such-compiler-here", ("--version",), "nolang")
    assert chain.path() is None and chain.version() == ""
    said: list[str] = []
    assert toolchains.say_missing_once(chain, said.append)
    assert not toolchains.say_missing_once(chain, said.append)
    assert said == [chain.missing_message()]
    assert "sudo apt-get install nolang" in said[0] and "NoLang is not installed" in said[0]


@pytest.mark.skipif(shutil.which("gcc") is None, reason="no gcc here")
def test_an_installed_toolchain_reports_its_version():
    gcc = toolchains.toolchain("gcc")
    assert gcc.path() == shutil.which("gcc")
    assert gcc.version()[:1].isdigit()
