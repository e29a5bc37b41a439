"""Who made each submission, as an LMS's bulk export says: Gradescope's
``submission_metadata.yml``.

Gradescope's "Export Submissions" is a folder (or a zip of one) holding one
``submission_<id>/`` folder per submission and that file, which lists each submission's
submitters (``:name:``, ``:sid:``, ``:email:``; several for a group). ``unograde grade`` reads
it when it is given such a folder or zip, and the gradebook keeps the submitters beside the
grading, so that matching to the roster does not depend on the export still being there.
"""

from __future__ import annotations

import functools
import zipfile
from pathlib import Path, PurePosixPath

from ..errors import UnogradeError
from ..gradebook.records import Claim

METADATA = "submission_metadata.yml"
MAX_BYTES = 20 * 1024 * 1024


class MetadataError(UnogradeError, ValueError):
    """A metadata file that cannot be read: ``file: what is wrong``."""


@functools.cache
def _yaml():
    """PyYAML and our loader, imported when an export has a metadata file (a run without
    one does not pay for the import): safe, and tolerant of the Ruby tags an export may
    carry (``!ruby/object:BigDecimal``): a tagged value is read as the plain value it wraps,
    never constructed."""
    import yaml

    class _Loader(yaml.SafeLoader):
        pass

    def _untagged(loader: yaml.SafeLoader, _suffix: str, node: yaml.Node):
        if isinstance(node, yaml.MappingNode):
            return loader.construct_mapping(node)
        if isinstance(node, yaml.SequenceNode):
            return loader.construct_sequence(node)
        return loader.construct_scalar(node)

    _Loader.add_multi_constructor("!", _untagged)
    return yaml, _Loader


def _text(value: object) -> str:
    return "" if value is None else str(value).strip()


def parse_metadata(text: str, where: str) -> dict[str, list[Claim]]:
    """{submission folder name: its submitters}."""
    yaml, loader = _yaml()
    try:
        data = yaml.load(text, Loader=loader)  # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f":{mark.line + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or exc
        raise MetadataError(f"{where}{line}: not readable YAML ({problem})") from None
    if not isinstance(data, dict):
        raise MetadataError(f"{where}: expected one entry per submission folder")
    found: dict[str, list[Claim]] = {}
    for folder, entry in data.items():
        if not isinstance(entry, dict):
            continue
        submitters = entry.get(":submitters", entry.get("submitters"))
        claims = []
        for person in submitters if isinstance(submitters, list) else []:
            if isinstance(person, dict):
                get = lambda key, p=person: _text(p.get(f":{key}", p.get(key)))  # noqa: E731
                claims.append(Claim(sid=get("sid"), email=get("email"), name=get("name")))
        if claims:
            found[str(folder)] = claims
    return found


def submitters_in(path: Path) -> dict[str, list[Claim]]:
    """The submitters listed by a Gradescope export at ``path`` (a folder, or a zip, holding
    ``submission_metadata.yml`` at its top or one folder down); {} when there is none."""
    found = _metadata_text(path)
    return {} if found is None else parse_metadata(*found)


def submission_times(path: Path) -> dict[str, str]:
    """When each submission of a Gradescope export at ``path`` was made (its ``created_at``,
    as ISO 8601 in UTC), by submission folder; {} when the export holds no times.

    Canvas's and Moodle's bulk downloads hold no submission time (Canvas marks a late one
    ``_LATE_`` in its name, without saying when): for those, ``--submitted-at``."""
    found = _metadata_text(path)
    if found is None:
        return {}
    text, where = found
    yaml, loader = _yaml()
    try:
        data = yaml.load(text, Loader=loader)  # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError:
        return {}  # submitters_in has said what is wrong with it
    times: dict[str, str] = {}
    for folder, entry in data.items() if isinstance(data, dict) else ():
        if not isinstance(entry, dict):
            continue
        value = entry.get(":created_at", entry.get("created_at"))
        if value is None:
            continue
        when = gradescope_time(value)
        if when is None:
            raise MetadataError(f"{where}: {folder}: created_at {str(value)[:60]!r} is not a time")
        times[str(folder)] = when
    return times


def gradescope_time(value: object) -> str | None:
    """Gradescope's ``2025-03-07 22:14:56.654321000 -08:00`` (or an ISO 8601 time) in UTC."""
    import datetime as dt

    from ..late import utc_text

    if isinstance(value, dt.datetime):
        when = value
    else:
        text = str(value).strip()
        head, _, fraction = text.partition(".")
        if fraction:  # nanoseconds: Python reads at most microseconds
            digits, _, zone = fraction.partition(" ")
            text = f"{head}.{digits[:6]}" + (f" {zone}" if zone else "")
        when = None
        for form in ("%Y-%m-%d %H:%M:%S.%f %z", "%Y-%m-%d %H:%M:%S %z"):
            try:
                when = dt.datetime.strptime(text, form)
                break
            except ValueError:
                continue
        if when is None:
            try:
                when = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
            except ValueError:
                return None
    if when.tzinfo is None:
        return None
    return utc_text(when)


def _metadata_text(path: Path) -> tuple[str, str] | None:
    """The text of the ``submission_metadata.yml`` at ``path`` and how to name it."""
    path = Path(path)
    if path.is_dir():
        candidates = [path / METADATA, *sorted(path.glob(f"*/{METADATA}"))]
        for candidate in candidates:
            if candidate.is_file() and not candidate.is_symlink():
                if candidate.stat().st_size > MAX_BYTES:
                    raise MetadataError(f"{candidate}: too large for submission metadata")
                text = candidate.read_text(encoding="utf-8", errors="replace")
                return text, str(candidate)
        return None
    if path.is_file() and path.suffix == ".zip":
        try:
            with zipfile.ZipFile(path) as archive:
                for info in archive.infolist():
                    member = PurePosixPath(info.filename)
                    if member.name == METADATA and len(member.parts) <= 2:
                        if info.file_size > MAX_BYTES:
                            raise MetadataError(f"{path}:{info.filename}: too large")
                        text = archive.read(info).decode("utf-8", errors="replace")
                        return text, f"{path}:{info.filename}"
        except (zipfile.BadZipFile, OSError):
            return None  # the grader says what is wrong with the zip itself
    return None
