/// One step of a breathing pattern: a kind and a length.
///
/// Lengths are whole tenths of a second, so every sum and every sample offset is exact integer arithmetic.
package struct Phase: Hashable, Sendable {
    package var kind: PhaseKind
    package var tenths: Int

    init(_ kind: PhaseKind, tenths: Int) {
        self.kind = kind
        self.tenths = tenths
    }

    init(_ kind: PhaseKind, seconds: Int) {
        self.init(kind, tenths: seconds * 10)
    }

    var seconds: Double { Double(tenths) / 10 }
}
