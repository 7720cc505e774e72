import Foundation
import StrataCore

extension PostgresBinary {
    /// `numeric` as a `.decimal`: NaN as `Decimal.nan`; ±infinity, or a value beyond `Decimal`'s
    /// range, as `.string` of its text (so an attribute codec reports the mismatch); `nil` when
    /// the bytes are malformed.
    ///
    /// The binary form is four big-endian 16-bit fields — digit count, weight (the power of 10000
    /// of the first digit), sign (0x0000, 0x4000 negative, 0xC000 NaN, 0xD000 +∞, 0xF000 −∞) and
    /// display scale — then the base-10000 digits. See `numeric_send` in
    /// <https://github.com/postgres/postgres/blob/master/src/backend/utils/adt/numeric.c>.
    static func numeric(_ bytes: UnsafeRawBufferPointer) -> PersistentValue? {
        guard bytes.count >= 8 else { return nil }
        let count = Int(load(Int16.self, bytes, at: 0))
        let weight = Int(load(Int16.self, bytes, at: 2))
        let sign = load(UInt16.self, bytes, at: 4)
        guard count >= 0, bytes.count == 8 + 2 * count else { return nil }
        switch sign {
        case 0xC000: return .decimal(.nan)
        case 0xD000: return .string("Infinity")
        case 0xF000: return .string("-Infinity")
        case 0x0000, 0x4000: break
        default: return nil
        }
        let digits = (0..<count).map { Int(load(Int16.self, bytes, at: 8 + 2 * $0)) }
        guard digits.allSatisfy({ (0..<10_000).contains($0) }) else { return nil }
        let text = numericText(digits, weight: weight, negative: sign == 0x4000)
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else { return .string(text) }
        return .decimal(value)
    }

    /// The plain decimal text of base-10000 `digits` whose first digit has `weight`, without
    /// trailing fractional zeros (`[12, 3400]`, weight 0 → `"12.34"`).
    private static func numericText(_ digits: [Int], weight: Int, negative: Bool) -> String {
        func padded(_ digit: Int) -> String {
            let text = String(digit)
            return String(repeating: "0", count: 4 - text.count) + text
        }
        var integer = weight < 0 ? "0" : ""
        if weight >= 0 {
            for index in 0...weight {
                let digit = index < digits.count ? digits[index] : 0
                integer += index == 0 ? String(digit) : padded(digit)
            }
        }
        var fraction = String(repeating: "0000", count: max(-weight - 1, 0))
        for index in max(weight + 1, 0)..<max(digits.count, weight + 1) {
            fraction += padded(digits[index])
        }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return (negative ? "-" : "") + integer + (fraction.isEmpty ? "" : "." + fraction)
    }
}
