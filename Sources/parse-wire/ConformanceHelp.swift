/// The help text of `parse-wire conformance`.
enum ConformanceHelp {
    static let text = """
    USAGE: parse-wire conformance [options] [-- CMD ARGS...]

    Runs the vector corpus (Vectors/) against an implementation, as Vectors/INTERPRETING.md
    specifies. With no command, against the built-in reference (ParseWire itself), in process
    but through the same protocol lines an external adapter gets. With '-- CMD ARGS...', CMD is
    started as an adapter process speaking Vectors/schema/protocol.schema.json (newline-
    delimited JSON over its stdin and stdout). A crash, a hang or a protocol violation is
    charged to the one check in flight; the adapter is killed, restarted, and the run goes on.

    Prints the verdict under the run's profile, then the causes of the unexpected results, largest
    first: each cause is one behaviour of the implementation (the operation and the kind of
    difference, such as 'decode: expected Bytes, got string'; Vectors/INTERPRETING.md §10), with
    its checks, cases, rules and one example (which names the first differing path and the two
    values there). Then notes, and last one line counting every outcome apart. Control characters
    and lone surrogates print escaped (\\u{…}), with a legend line. Shows a progress line when
    standard output is a terminal.

    PROFILES (Vectors/INTERPRETING.md §3):
      strict   A validator or a reference: every rejection the corpus asks for is required.
      client   An SDK: a decode-error input it accepts is 'tolerated' (counted apart, never
               failing) unless a flag of category protects-data says the server would lose or
               change that data; so is an encode-error value it writes when a flag of category
               canonical-only says the server keeps it (and none protects data). Crashes, hangs,
               adapter errors and protocol violations fail under every profile. The adapter
               names its profile in hello; else strict.

    FILTERS (repeatable, or comma-separated; a case must pass every kind of filter):
      --area AREA            A directory under Vectors/cases/.
      --tag TAG              A tag from Vectors/tags.json.
      --id ID                A case id.
      --kind KIND            valid, decode-error, encode-error, implementation-defined.
      --level LEVEL          required, recommended, optional.

    OPTIONS:
      --profile NAME         strict or client; overrides the profile the adapter names in hello.
      --expected-failures FILE  The implementation's expected-failures list (schema/expected-
                             failures.schema.json). Strict: a listed check that passes (xpass)
                             and an entry that matches no check both fail the run; an entry of
                             mode flaky accepts either outcome; a "cause" entry that covers
                             no failure fails a run of every check, and only warns when a
                             filter or --shard left some out.
      --write-suggestions DIR   Write DIR/add.json (draft entries for the unexpected failures:
                             one {"cause": …} entry per cause, and a skip entry by id for a
                             check that crashed or hung the adapter) and DIR/remove.json
                             (entries that now pass or match nothing);
                             'parse-wire expected-failures apply DIR --list FILE' applies both.
      --timeout SECONDS      Time an adapter has for one answer (default 10).
      --start-timeout SECONDS   Time it has to start and answer hello (default 30).
      --max-restarts N       The adapter is restarted (after a crash, a timeout, a protocol
                             violation) at most max(N, 10 % of the checks sent so far) times,
                             then the run stops early (default N: 20).
      --enforce-recommended  Failures of recommended cases fail the run (default: reported).
      --enforce-error-kinds  A rejection of the wrong error kind fails (default: reported).
      --strict               The built-in reference declares 'reject' for every leniency flag
                             and decodes strictly (default: it accepts the leniencies it knows).
      --report-ndjson FILE   Write the results, one JSON line per check (schema/results.schema.json).
      --report-junit FILE    Write JUnit XML: a test case per vector case, named by its id (its
                             description and failing checks in the failure; an expected
                             failure skipped with its reason), a test suite per area.
      --report-markdown FILE Write Markdown for a CI job summary ($GITHUB_STEP_SUMMARY): the
                             verdict, outcomes by area and by tag, every unexpected result.
                             Report paths are checked before the run. FILE '-' is standard
                             output (one report at most); the console then goes to standard error.
      --repro ID             Print the exact request lines of one case and exit, for
                             'parse-wire conformance --repro ID | CMD ARGS...'.
      --corpus DIR           The Vectors/ directory (default: the nearest Vectors/ here or
                             above, else the corpus inside this executable; 'parse-wire
                             --help', CORPUS). The first line of the run names the one used.
      --show-checks          Print every unexpected check on its own line, before the verdict.
      --verbose              Print every check, not only the unexpected ones (implies --show-checks).
      --no-progress          No progress line, even on a terminal.

    ADAPTER PROCESS, FAULTS AND SPLITTING:
      --adapter-env NAME=VALUE  Set a variable in the adapter's environment (repeatable). The
                             adapter runs with TZ=UTC unless this sets TZ, so no result can
                             depend on the machine's time zone; '--adapter-env TZ=Asia/Tokyo'
                             shows whether one does. Setting TZ, LANG, LANGUAGE or an LC_*
                             variable pins the run to that one environment: no extra
                             environment runs (the summary says so).
      --environments LIST    The environments besides UTC in which the checks that depend on
                             the environment (every case holding a date) run again, each in a
                             new adapter session (default: all): sydney (TZ=Australia/Sydney),
                             new-york (TZ=America/New_York), arabic (LANG and LC_ALL
                             ar_EG.UTF-8), thai (th_TH.UTF-8). A check that fails only there is
                             reported under one cause naming the environment, listed with
                             {"environment":"sydney",...}. 'none' runs none. The built-in
                             reference runs in process and cannot change its environment.
      --no-environments      The same as '--environments none'.
      --max-consecutive-faults N  Stop the run early when N checks in a row each cost a restart
                             (default 50): the adapter cannot answer anything.
      --shard K/N            Run only shard K of N (1 ≤ K ≤ N). Cases are split by a hash of
                             their id, so the N shards together run every check exactly once.

    EXIT STATUS:
      0  every check as expected
      1  unexpected results (fail, error, crash, timeout, adapter skip, xpass, stale entry);
         never tolerated, unsupported, accepted or rejected, which are informational
      2  corpus or usage error (bad option, a filter that matches no case, an unwritable report
         path, an unreadable corpus or expected-failures file, a list for another corpus version)
      3  the adapter could not start or did not answer hello (the requested reports are
         still written, with a header and a footer)
    """
}
