/// The help texts of `parse-wire vectors` and its subcommands.
enum VectorsHelp {
    static let exitStatus = "EXIT STATUS: 0 ok, 1 findings (or unformatted / stale files), 2 usage error or unreadable corpus."
    static let corpusOption = "  --corpus DIR   The Vectors/ directory (default: see CORPUS in 'parse-wire --help')."

    static let overview = """
    USAGE: parse-wire vectors <subcommand> [options]

    Tools for the vector corpus (Vectors/). See Vectors/README.md for how to add a vector.

    SUBCOMMANDS:
      new-id     Print fresh case ids.
      fmt        Rewrite vector files in the one canonical formatting (--check: only list them).
      equivalents List every server-equivalent form with its rules and value (--write: rewrite files).
      lint       Check the corpus rules: file format, ids, descriptions, tags, flags, TVN, duplicates.
      build      Regenerate manifest.json (--check: fail when it is stale).
      stats      Count cases per area, kind and level; the rules × cases table.
      generate   Write a reproducible family of generated cases from a seed.
      export     Write the corpus carried inside this parse-wire (a release build) out as files.
      pack       Write the corpus as an archive to append to a parse-wire executable.

    'parse-wire vectors <subcommand> --help' shows a subcommand's options.
    \(exitStatus)
    """

    static func text(for subcommand: String) -> String? {
        switch subcommand {
        case "-h", "--help", "help": overview
        case "generate": """
            USAGE: parse-wire vectors generate --area FAMILY --seed S [--count N] [--output FILE] [--corpus DIR]

            Writes a vector file of generated cases: the same family, seed and count always give the
            same bytes, ids included. Duplicate inputs are left out, so a file may hold fewer than N.
            Expectations come from the reference codec; then run 'vectors lint' and 'vectors build'.

            FAMILIES:
              generated-values    valid field values of mixed depth, every typed value
              generated-updates   valid save bodies with field operations and ACLs
              generated-defects   valid values with one defect placed inside (decode errors)

            OPTIONS:
              --seed S       The seed: decimal or 0x-hexadecimal.
              --count N      How many cases to try (default 100, at most 10000).
              --output FILE  Where to write (default: cases/FAMILY/seed-S.json in the corpus).
            \(corpusOption)

            \(exitStatus)
            """
        case "export": """
            USAGE: parse-wire vectors export DIR

            Writes the corpus carried inside this executable into DIR (new or empty), every file
            byte for byte as it was packed: cases, spec, schemas, INTERPRETING.md, manifest.json.
            A parse-wire built from source carries none (it reads the checkout's Vectors/).

            \(exitStatus)
            """
        case "pack": """
            USAGE: parse-wire vectors pack FILE [--corpus DIR]

            Writes every file of the corpus (dot-files left out) into FILE ('-': standard output)
            as one archive with a SHA-256 trailer, after checking that the corpus reads without
            problems and manifest.json is current. Appended to an executable, it is the corpus
            that executable carries:  cat parse-wire FILE > dist/parse-wire
            (.ci/release-archive does this for a release).

            OPTIONS:
            \(corpusOption)

            \(exitStatus)
            """
        case "new-id": """
            USAGE: parse-wire vectors new-id [--count N] [--corpus DIR]

            Prints N (default 1, at most 1000) fresh random case ids, one per line: 6 characters of
            Crockford base32, used by no case and not in retired-ids.txt. Ids are never chosen by hand.

            OPTIONS:
              --count N      How many ids.
            \(corpusOption)

            \(exitStatus)
            """
        case "equivalents": """
            USAGE: parse-wire vectors equivalents [--write] [--corpus DIR]

            Brings the 'equivalents' of the hand-written vector files up to date: every form the
            mechanical rewrites of the server-equivalence rules give (spec/types.md#CTX-2) is listed,
            and every equivalent names its 'rules' and, for a valid case, the 'value' the reference
            decodes it to. Without --write, lists the files that would change. Generated families get
            theirs from 'vectors generate'.

            \(corpusOption)
            \(exitStatus)
            """
        case "fmt": """
            USAGE: parse-wire vectors fmt [--check] [--corpus DIR]

            Rewrites every file under cases/ in the canonical formatting: two-space indentation, one
            case member per line, short values on one line (up to 120 columns), known keys in the
            format's order, wire values and TVN in their own order, numbers as spelled.

            OPTIONS:
              --check        Change nothing; list the files that are not formatted and exit 1 if any.
            \(corpusOption)

            \(exitStatus)
            """
        case "lint": """
            USAGE: parse-wire vectors lint [--corpus DIR]

            Checks every vector file against the file format (the rules of schema/vector-file.schema.json)
            and the rules across cases: ids well formed, unique and not retired; descriptions unique per
            file and at most 100 characters; every tag in tags.json; every flag defined, with a fitting
            category on implementation-defined cases; inputs strict JSON unless tagged not-json; TVN
            well formed; spec citations resolve (rule ids of spec/, standards in their checked form);
            a decode-error or encode-error case parse-server accepts (server-verdicts.json; for an
            encode-error case, its value's unchecked written form) carries ServerMangles or
            CanonicalOnly; no two cases with the same input and check in one area; no alternate with the
            text of the canonical form or of another alternate; an implementation-defined case lists
            every reading the server-equivalence rules give one of its ifAccepted outcomes.
            Prints one line per finding (file:line:column: id: message), then a summary.

            OPTIONS:
            \(corpusOption)

            \(exitStatus)
            """
        case "build": """
            USAGE: parse-wire vectors build [--check] [--corpus DIR]

            Writes manifest.json: the corpus version, every file's SHA-256, ids and counts, totals per
            kind, level, area and tag, and the retired ids.

            OPTIONS:
              --check        Change nothing; exit 1 when manifest.json is not what build would write.
            \(corpusOption)

            \(exitStatus)
            """
        case "stats": """
            USAGE: parse-wire vectors stats [--corpus DIR]

            Prints the number of cases per area, kind and level, the share of negative cases, and the
            rules × cases table: each rule of spec/ with its valid, negative and implementation-defined
            cases, and the reason its text gives where it has none.

            OPTIONS:
            \(corpusOption)

            \(exitStatus)
            """
        default: nil
        }
    }
}
