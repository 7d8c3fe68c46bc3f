/// Writes tenths of a second as the shortest decimal: 40 → "4", 55 → "5.5".
package enum TenthsFormat {
    package static func plain(_ tenths: Int, decimalSeparator: String = ".") -> String {
        let sign = tenths < 0 ? "-" : ""
        let magnitude = abs(tenths)
        let whole = magnitude / 10
        let fraction = magnitude % 10
        return fraction == 0 ? "\(sign)\(whole)" : "\(sign)\(whole)\(decimalSeparator)\(fraction)"
    }
}
