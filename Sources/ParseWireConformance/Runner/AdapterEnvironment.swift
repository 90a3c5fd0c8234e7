import Foundation

/// An environment besides UTC that a run restarts the adapter in, to check the cases that depend on
/// the environment (`Vectors/INTERPRETING.md` §9, Environments). The main pass runs under `TZ=UTC`
/// (``AdapterLauncher/defaultEnvironment``); each of these runs only the environment-dependent
/// checks again, so that a date written in local time with a literal `Z`, or formatted with a
/// locale's digits or calendar, fails where it would fail an app.
package enum AdapterEnvironment: String, CaseIterable, Sendable, Hashable {
    /// East of UTC (+10/+11), daylight saving from October to April: a local time read as UTC moves
    /// an instant by ten or eleven hours, and a date near midnight to another day.
    case sydney
    /// West of UTC (−5/−4), daylight saving from March to November.
    case newYork = "new-york"
    /// Egyptian Arabic, whose digits are not Latin (٠١٢٣…) in ICU's, Java's and .NET's data.
    case arabic
    /// Thai, whose calendar is the Buddhist one (year 2567 for 2024) in Java's `Calendar`,
    /// .NET's `CultureInfo` and Apple's `Calendar.current`; its zone stays UTC.
    case thai

    /// The extra environments a run checks unless told otherwise: every one.
    package static let defaults = allCases

    /// The variables the adapter gets for this environment, on top of the runner's environment.
    /// A locale is set in `LANG` and `LC_ALL`, which ICU (Node's `Intl`) reads whether or not the
    /// machine has the locale installed, and C's `setlocale(LC_ALL, "")` (Python, PHP) reads when it
    /// has; the JVM takes its default locale from `setlocale`, so it falls back to `en_US` on a
    /// machine without the locale: `JAVA_TOOL_OPTIONS` gets `-Duser.language` and `-Duser.country`,
    /// after what the runner's own environment holds there. A locale keeps `TZ=UTC`, so that a
    /// failure names one cause.
    package var variables: [String: String] {
        switch self {
        case .sydney: ["TZ": "Australia/Sydney"]
        case .newYork: ["TZ": "America/New_York"]
        case .arabic: Self.locale("ar", "EG")
        case .thai: Self.locale("th", "TH")
        }
    }

    /// The variables of a locale environment: `language_COUNTRY.UTF-8`, and the JVM's options.
    static func locale(_ language: String, _ country: String) -> [String: String] {
        let name = "\(language)_\(country).UTF-8"
        let java = "-Duser.language=\(language) -Duser.country=\(country)"
        let inherited = ProcessInfo.processInfo.environment["JAVA_TOOL_OPTIONS"].map { $0 + " " } ?? ""
        return ["TZ": "UTC", "LANG": name, "LC_ALL": name, "JAVA_TOOL_OPTIONS": inherited + java]
    }

    /// `new-york (TZ=America/New_York)`, `arabic (LANG=ar_EG.UTF-8 TZ=UTC)`, for reports.
    package var label: String {
        let shown = variables.filter { $0.key == "TZ" || $0.key == "LANG" }.sorted { $0.key < $1.key }
        return "\(rawValue) (" + shown.map { "\($0.key)=\($0.value)" }.joined(separator: " ") + ")"
    }

    /// Whether `--adapter-env` variables pin the environment (a time zone or a locale), which
    /// turns the extra environments off: the run is then about that one environment.
    package static func pins(_ variables: [String: String]) -> Bool {
        variables.keys.contains { $0 == "TZ" || $0 == "LANG" || $0 == "LANGUAGE" || $0.hasPrefix("LC_") }
    }

    /// Reads a `--environments` list: names separated by commas, or `none`.
    /// - Returns: `nil` when a name is not an environment's.
    package static func parseList(_ text: String) -> [AdapterEnvironment]? {
        if text == "none" { return [] }
        var chosen: [AdapterEnvironment] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let environment = AdapterEnvironment(rawValue: String(name)) else { return nil }
            if !chosen.contains(environment) { chosen.append(environment) }
        }
        return chosen
    }
}

/// What one extra environment found: the checks it ran and those that failed only there.
package struct EnvironmentResult: Sendable {
    package let environment: AdapterEnvironment
    /// The environment-dependent checks sent in this environment.
    package let checks: Int
    /// The checks that failed in this environment and not in the main pass, in run order.
    package let failures: [CheckRecord]
    /// Why the pass did not finish: the adapter could not start, or stopped early.
    package let stopReason: String?
    /// The expected-failures entry naming this environment, when there is one.
    package let listed: ExpectedFailures.Entry?

    /// The cause every failure of this environment is reported under: one behaviour, one entry.
    package var cause: String { "environment \(environment.label)" }

    /// Whether the environment makes the run fail: a failure or an unfinished pass that no entry lists.
    package var unexpected: Bool { (!failures.isEmpty || stopReason != nil) && listed == nil }
}
