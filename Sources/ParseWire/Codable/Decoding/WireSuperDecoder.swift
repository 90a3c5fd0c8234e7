/// The decoder that `superDecoder()` and `superDecoder(forKey:)` return: it reads one value of
/// its container (the member `super`, the key given, or the next element), as `JSONDecoder` does.
final class WireSuperDecoder: Decoder {
    let state: WireDecodingState
    /// The value's index on the tape.
    let valueIndex: Int
    /// The value's path: its container's, then its key.
    let path: WireDecodingState.ContainerPath
    let key: any CodingKey

    init(state: WireDecodingState, valueIndex: Int, path: WireDecodingState.ContainerPath, key: any CodingKey) {
        self.state = state
        self.valueIndex = valueIndex
        self.path = path
        self.key = key
    }

    var codingPath: [any CodingKey] { state.keys(of: path) }

    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard state.entries[valueIndex].kind == .object else {
            throw state.within(path) {
                state.failure(.wrongFieldType, at: valueIndex, key: NoKey(), type: [String: Any].self,
                              "expected an object, found \(state.walker.describe(valueIndex))")
            }
        }
        return state.keyedContainer(Key.self, object: valueIndex, role: .plain, path: path)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try WireUnkeyedDecoding(state: state, array: valueIndex, path: path, key: NoKey())
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SuperValue(decoder: self)
    }

    /// Reads the value with the path set to the value's own.
    fileprivate func read<T>(_ body: (WireDecodingState, Int) throws -> T) rethrows -> T {
        try state.within(path) { try body(state, valueIndex) }
    }

    /// A single-value container over the super decoder's value.
    private struct SuperValue: SingleValueDecodingContainer {
        let decoder: WireSuperDecoder

        var codingPath: [any CodingKey] { decoder.codingPath }

        func decodeNil() -> Bool { decoder.read { $0.isAbsent($1, role: .plain) } }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.read { try $0.decodeValue(T.self, at: $1, key: NoKey()) } }
    }
}
