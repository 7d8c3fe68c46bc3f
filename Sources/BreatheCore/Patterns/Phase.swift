/// One step of a breathing pattern: a kind and a length.
///
/// Lengths are whole tenths of a second, so every sum and every sample offset is exact integer arithmetic.
public struct Phase: Hashable, Sendable {
    public var kind: PhaseKind
    public var tenths: Int

    public init(_ kind: PhaseKind, tenths: Int) {
        self.kind = kind
        self.tenths = tenths
    }

    public init(_ kind: PhaseKind, seconds: Int) {
        self.init(kind, tenths: seconds * 10)
    }

    public var seconds: Double { Double(tenths) / 10 }
}
