/// The rules a conformance run scores by (`Vectors/INTERPRETING.md` §3, "Profiles").
///
/// An adapter names its profile in `hello`; `--profile` overrides it; without either a run is `strict`.
public enum ConformanceProfile: String, Sendable, Hashable, CaseIterable {
    /// A validator or a reference implementation: every rejection the corpus asks for is required.
    case strict
    /// An SDK: it writes values and save bodies and reads what the server emits. A decode-error case
    /// it accepts is `tolerated` unless the case protects data (a flag of category `protects-data`).
    case client

    /// The flag category whose cases every profile enforces.
    public static let protectsDataCategory = "protects-data"
}
