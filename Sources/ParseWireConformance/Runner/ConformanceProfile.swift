/// The rules a conformance run scores by (`Vectors/INTERPRETING.md` §3, "Profiles").
///
/// An adapter names its profile in `hello`; `--profile` overrides it; without either a run is `strict`.
public enum ConformanceProfile: String, Sendable, Hashable, CaseIterable {
    /// A validator or a reference implementation: every rejection the corpus asks for is required.
    case strict
    /// An SDK: it writes values and save bodies and reads what the server emits. A decode-error case
    /// it accepts is `tolerated` unless the case protects data (a flag of category `protects-data`); an
    /// encode-error case it writes is `tolerated` when the server accepts and keeps the document (a flag
    /// of category `canonical-only`) and the case protects no data.
    case client

    /// The flag category whose cases every profile enforces.
    public static let protectsDataCategory = "protects-data"
    /// The flag category of a case the server accepts and keeps: the rejection only keeps one canonical form.
    public static let canonicalOnlyCategory = "canonical-only"
}
