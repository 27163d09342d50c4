"""``make zip``: the built site as one zip, written whole or not at all, each failure one line."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from docset.archive import archive
from tests.conftest import ROOT


def a_site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    (site / "fr").mkdir(parents=True)
    (site / "index.html").write_text("<p>Home</p>", encoding="utf-8")
    (site / "fr" / "index.html").write_text("<p>Accueil</p>", encoding="utf-8")
    return site


def zip_command(site: Path, target: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "docset.archive", str(site), str(target)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )


def test_the_zip_holds_the_site_and_is_readable_as_the_users_files_are(tmp_path: Path) -> None:
    site, target = a_site(tmp_path), tmp_path / "out" / "site.zip"
    target.parent.mkdir()
    assert archive(site, target) == 2
    assert sorted(zipfile.ZipFile(target).namelist()) == ["fr/index.html", "index.html"]
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask  # not the temporary's 0600
    assert [p.name for p in target.parent.iterdir()] == ["site.zip"]


@pytest.mark.parametrize("there", ["a folder", "a link", "no folder"])
def test_a_zip_that_cannot_be_written_is_one_line_and_nothing_written(
    tmp_path: Path, there: str
) -> None:
    """A folder where the zip goes ended in a traceback (IsADirectoryError) and left a .part
    file; a missing folder said the site was 'replaced while it was zipped'."""
    site, target = a_site(tmp_path), tmp_path / "site.zip"
    if there == "a folder":
        target.mkdir()
        said = f"{target}: is not a file (a folder? a link?): no zip is written there"
    elif there == "a link":
        target.symlink_to(tmp_path / "elsewhere.zip")
        said = f"{target}: is not a file (a folder? a link?): no zip is written there"
    else:
        target = tmp_path / "missing" / "site.zip"
        said = f"{target}: its folder, {target.parent}, is not there"
    before = sorted(p.name for p in tmp_path.iterdir())
    result = zip_command(site, target)
    assert result.returncode == 1 and result.stderr.splitlines() == [said], result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_a_site_replaced_while_it_is_zipped_leaves_the_previous_zip(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site, target = a_site(tmp_path), tmp_path / "site.zip"
    target.write_bytes(b"the zip before")
    real = Path.read_bytes

    def gone(path: Path) -> bytes:
        if path.name == "index.html" and path.parent.name == "fr":
            raise FileNotFoundError(2, "No such file or directory")
        return real(path)

    monkeypatch.setattr(Path, "read_bytes", gone)
    with pytest.raises(SystemExit) as said:
        archive(site, target)
    assert str(said.value) == (
        f"{site}: replaced while it was zipped (No such file or directory): zip it again"
    )
    assert target.read_bytes() == b"the zip before"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site", "site.zip"]


KILLED = """
import os, sys
from pathlib import Path
from docset import archive
def killed(file, site):
    os.kill(os.getpid(), 9)
archive.read = killed
archive.archive(Path(sys.argv[1]), Path(sys.argv[2]))
"""


def test_what_a_killed_zip_left_is_deleted_by_the_next(tmp_path: Path) -> None:
    """A killed `make zip` left its .part file, which no later run removed."""
    site, target = a_site(tmp_path), tmp_path / "site.zip"
    killed = subprocess.run(
        [sys.executable, "-c", KILLED, str(site), str(target)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert killed.returncode == -9
    assert [p.name for p in tmp_path.glob(".site.zip.*")] != []  # its temporary, left
    assert zip_command(site, target).returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site", "site.zip"]
