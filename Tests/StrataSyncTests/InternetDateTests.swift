import Foundation
import Testing

@testable import StrataSync

/// StrataSync's own reader of RFC 3339 dates gives the very `Date` Foundation's ISO-8601 format
/// styles give, and leaves every other form to them.
@Suite struct InternetDateTests {
    /// The styles import falls back to that read this form.
    private static let styles: [Date.ISO8601FormatStyle] = [
        Date.ISO8601FormatStyle(),
        Date.ISO8601FormatStyle(includingFractionalSeconds: true),
        Date.ISO8601FormatStyle(timeZoneSeparator: .colon),
        Date.ISO8601FormatStyle(timeZoneSeparator: .colon, includingFractionalSeconds: true),
    ]

    private static func foundation(_ text: String) -> Date? {
        styles.lazy.compactMap { try? $0.parse(text) }.first
    }

    @Test func readsTheCommonForms() {
        for text in ["2026-01-02T03:04:05Z", "2026-01-02T03:04:05.123Z", "2026-01-02T03:04:05.123456789+01:00", "2024-02-29T23:59:59-12:00"] {
            #expect(InternetDate.date(text) != nil, "\(text)")
            #expect(InternetDate.date(text) == Self.foundation(text), "\(text)")
        }
    }

    @Test func leavesOtherFormsToFoundation() {
        for text in [
            "2026-02-30T00:00:00Z", "2025-02-29T00:00:00Z", "1599-12-31T23:59:59Z", "2026-01-02 03:04:05Z", "2026-01-02T03:04:05",
            "2026-01-02T03:04:05.1234567890Z", "2026-01-02T03:04:05.Z", "2026-01-02T03:04:05+0100", "2026-01-02T24:00:00Z", "2026-01-02T03:04:60Z",
            "2026-01-02", "2026-01-02T03:04:05Zjunk", "2026-1-02T03:04:05Z",
        ] {
            #expect(InternetDate.date(text) == nil, "\(text)")
        }
    }

    /// Random instants from 1600 to 9999 with zero to nine digits of fraction and assorted offsets.
    @Test func matchesFoundationToTheLastBit() {
        var generator = SplitMix(seed: 32)
        var read = 0
        for _ in 0..<20_000 {
            let seconds = Int64.random(in: -11_600_000_000...253_000_000_000, using: &generator)
            var text = String(Date(timeIntervalSince1970: Double(seconds)).ISO8601Format().dropLast())
            let digits = Int.random(in: 0...9, using: &generator)
            if digits > 0 { text += "." + String((0..<digits).map { _ in "0123456789".randomElement(using: &generator)! }) }
            text += ["Z", "+01:00", "-12:00", "+05:45", "-00:30"].randomElement(using: &generator)!
            guard let date = InternetDate.date(text) else { continue }
            read += 1
            #expect(date == Self.foundation(text), "\(text)")
        }
        #expect(read > 19_000, "every four-digit year is read, got \(read)")
    }
}

/// A seeded generator, so a failure names a text that fails again.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
