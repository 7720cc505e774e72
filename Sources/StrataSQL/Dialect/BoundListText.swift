/// Pieces of the text a dialect binds a long list as (a JSON array, an array literal).
enum BoundListText {
    /// Appends a finite `number` in Swift's shortest form that reads back as the same double,
    /// an infinity as `infinity` with its sign; `false` for NaN, which no list holds.
    static func append(_ number: Double, infinity: String, to text: inout [UInt8]) -> Bool {
        guard !number.isNaN else { return false }
        if number.isInfinite {
            if number < 0 { text.append(UInt8(ascii: "-")) }
            text += infinity.utf8
        } else {
            text += number.description.utf8
        }
        return true
    }

    /// Appends the two upper-case hex digits of `byte`.
    static func appendHexDigits(of byte: UInt8, to text: inout [UInt8]) {
        let digits: StaticString = "0123456789ABCDEF"
        digits.withUTF8Buffer { digits in
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
    }
}
