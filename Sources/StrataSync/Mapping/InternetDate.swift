import Foundation

/// The ISO-8601 form APIs send, `2026-01-02T03:04:05Z` with an optional fraction of a second (one
/// to nine digits) and `Z` or an offset `+01:00` (RFC 3339), read without a formatter: an import
/// reads a date per object, and `Date.ISO8601FormatStyle` takes ten times as long.
///
/// It gives the very `Date` the format style gives for the same text (the same arithmetic, in the
/// same order; `InternetDateTests` checks), so a date stored before is compared with one read now
/// without a difference in the last bit. Anything else — another form, a year before 1600 (where
/// Foundation's Gregorian calendar turns Julian), more than nine digits of fraction — is `nil`, and
/// the format styles read it.
enum InternetDate {
    /// The date `text` names, or `nil` when it is not in this form.
    static func date(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { date(UnsafeRawBufferPointer($0)) }
    }

    private static func date(_ bytes: UnsafeRawBufferPointer) -> Date? {
        guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = digits(bytes, 0, 4), let month = digits(bytes, 5, 2), let day = digits(bytes, 8, 2),
            let hour = digits(bytes, 11, 2), let minute = digits(bytes, 14, 2), let second = digits(bytes, 17, 2),
            year >= 1600, (1...12).contains(month), day >= 1, day <= days(inMonth: month, of: year), hour < 24, minute < 60, second < 60
        else { return nil }
        var position = 19
        var nanoseconds = 0
        if bytes[position] == UInt8(ascii: ".") {
            position += 1
            let start = position
            while position < bytes.count, let digit = digit(bytes[position]) {
                nanoseconds = nanoseconds * 10 + digit
                position += 1
            }
            let count = position - start
            guard (1...9).contains(count) else { return nil }
            for _ in count..<9 { nanoseconds *= 10 }
        }
        guard position < bytes.count else { return nil }
        var offset = 0
        switch bytes[position] {
        case UInt8(ascii: "Z"):
            position += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard bytes.count == position + 6, bytes[position + 3] == UInt8(ascii: ":"),
                let hours = digits(bytes, position + 1, 2), let minutes = digits(bytes, position + 4, 2), hours < 24, minutes < 60
            else { return nil }
            offset = (hours * 60 + minutes) * 60 * (bytes[position] == UInt8(ascii: "-") ? -1 : 1)
            position += 6
        default:
            return nil
        }
        guard position == bytes.count else { return nil }
        // As Foundation's Gregorian calendar adds them: the day's start since 2001, then the time
        // of day with its fraction, then the offset.
        let dayStart = Double(daysSince1970(year: year, month: month, day: day) * 86_400 - 978_307_200)
        let timeOfDay = Double(hour * 3_600 + minute * 60 + second) + Double(nanoseconds) / 1e9
        return Date(timeIntervalSinceReferenceDate: dayStart + timeOfDay - Double(offset))
    }

    private static func digit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    private static func digits(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<start + count {
            guard let digit = digit(bytes[index]) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    private static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a Gregorian date (Howard Hinnant's `days_from_civil`).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = shifted / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
