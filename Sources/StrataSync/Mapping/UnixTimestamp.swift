import Foundation

/// A number read as a date: seconds, milliseconds or microseconds since 1970, told apart by
/// magnitude (APIs send all three, none says which).
///
/// | magnitude | read as | dates it covers |
/// | --- | --- | --- |
/// | below 10¹¹ | seconds | years −1199 to 5138 |
/// | 10¹¹ to below 10¹⁴ | milliseconds | 1973-03-03 09:46:40 UTC to 5138 (and 1966-10-31 back to −1199) |
/// | 10¹⁴ to below 10¹⁷ | microseconds | the same dates |
/// | 10¹⁷ and above | refused | nanoseconds are not read |
///
/// A millisecond or microsecond timestamp of a date between 1966-10-31 and 1973-03-03 is too
/// small to tell from seconds, and is read as seconds.
enum UnixTimestamp {
    /// The smallest magnitude read as milliseconds, then microseconds, then refused.
    static let millisecondsFrom: Int64 = 100_000_000_000
    static let microsecondsFrom: Int64 = 100_000_000_000_000
    static let refusedFrom: Int64 = 100_000_000_000_000_000

    /// The date `value` names, or `nil` when it is not finite or its magnitude is refused.
    static func date(_ value: Double) -> Date? {
        guard value.isFinite else { return nil }
        switch value.magnitude {
        case ..<Double(millisecondsFrom): return Date(timeIntervalSince1970: value)
        case ..<Double(microsecondsFrom): return Date(timeIntervalSince1970: value / 1e3)
        case ..<Double(refusedFrom): return Date(timeIntervalSince1970: value / 1e6)
        default: return nil
        }
    }

    /// The date `value` names, divided exactly (whole seconds apart from the fraction, so a
    /// microsecond timestamp loses no more than `Double` seconds must), or `nil` when refused.
    static func date(_ value: Int64) -> Date? {
        switch value.magnitude {
        case ..<UInt64(millisecondsFrom): return Date(timeIntervalSince1970: Double(value))
        case ..<UInt64(microsecondsFrom): return date(value, unitsPerSecond: 1_000)
        case ..<UInt64(refusedFrom): return date(value, unitsPerSecond: 1_000_000)
        default: return nil
        }
    }

    private static func date(_ value: Int64, unitsPerSecond: Int64) -> Date {
        let (seconds, units) = value.quotientAndRemainder(dividingBy: unitsPerSecond)
        return Date(timeIntervalSince1970: Double(seconds) + Double(units) / Double(unitsPerSecond))
    }
}
