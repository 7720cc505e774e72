import Foundation
import StrataCore
import StrataSync

extension SyncCases {
    /// One JSON value under one key of a user, and what the stored user must then read.
    private struct Coercion: Sendable {
        let key: String
        let json: String
        /// `nil` when the value must be refused with `typeMismatch`.
        let expected: (@Sendable (SyncUser) -> Bool)?
    }

    private static func date(_ text: String) -> Date {
        try! Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    private static let coercions: [Coercion] = [
        Coercion(key: "age", json: #""42""#) { $0.age == 42 },
        Coercion(key: "age", json: "42.0") { $0.age == 42 },
        Coercion(key: "age", json: #"" 7 ""#) { $0.age == 7 },
        Coercion(key: "age", json: "4.5", expected: nil),
        Coercion(key: "age", json: #""forty""#, expected: nil),
        Coercion(key: "is_admin", json: "1") { $0.isAdmin },
        Coercion(key: "is_admin", json: "true") { $0.isAdmin },
        Coercion(key: "is_admin", json: #""yes""#) { $0.isAdmin },
        Coercion(key: "is_admin", json: #""false""#) { !$0.isAdmin },
        Coercion(key: "is_admin", json: "2", expected: nil),
        Coercion(key: "score", json: #""2.5""#) { $0.score == 2.5 },
        Coercion(key: "score", json: "3") { $0.score == 3 },
        Coercion(key: "full_name", json: "42") { $0.fullName == "42" },
        Coercion(key: "birthday", json: #""2024-03-01T12:00:00Z""#) { $0.birthday == date("2024-03-01T12:00:00.000Z") },
        Coercion(key: "birthday", json: #""2024-03-01T12:00:00.250Z""#) { $0.birthday == date("2024-03-01T12:00:00.250Z") },
        Coercion(key: "birthday", json: #""2024-03-01T14:00:00+02:00""#) { $0.birthday == date("2024-03-01T12:00:00.000Z") },
        Coercion(key: "birthday", json: #""2024-03-01 12:00:00""#) { $0.birthday == date("2024-03-01T12:00:00.000Z") },
        Coercion(key: "birthday", json: #""2024-03-01""#) { $0.birthday == date("2024-03-01T00:00:00.000Z") },
        Coercion(key: "birthday", json: "1709294400") { $0.birthday == date("2024-03-01T12:00:00.000Z") },
        Coercion(key: "birthday", json: "1441888808.25") { $0.birthday == date("2015-09-10T12:40:08.250Z") },
        Coercion(key: "birthday", json: "1441888808250") { $0.birthday == date("2015-09-10T12:40:08.250Z") },
        Coercion(key: "birthday", json: "1441888808250000") { $0.birthday == date("2015-09-10T12:40:08.250Z") },
        Coercion(key: "birthday", json: #""1441888808250000""#) { $0.birthday == date("2015-09-10T12:40:08.250Z") },
        Coercion(key: "birthday", json: "-1441888808250") { $0.birthday == date("1924-04-23T11:19:51.750Z") },
        // The thresholds of UnixTimestamp: below 10¹¹ seconds, then milliseconds, then microseconds.
        Coercion(key: "birthday", json: "99999999999") { $0.birthday == Date(timeIntervalSince1970: 99_999_999_999) },
        Coercion(key: "birthday", json: "100000000000") { $0.birthday == date("1973-03-03T09:46:40.000Z") },
        Coercion(key: "birthday", json: "100000000000000") { $0.birthday == date("1973-03-03T09:46:40.000Z") },
        Coercion(key: "birthday", json: "100000000000000000", expected: nil),
        Coercion(key: "birthday", json: #""next tuesday""#, expected: nil),
        Coercion(key: "token", json: #""E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#) { $0.token == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") },
        Coercion(key: "token", json: #""e621e1f8-c36c-495a-93fc-0c247a3e6e5f""#) { $0.token == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") },
        Coercion(key: "token", json: #""not-a-uuid""#, expected: nil),
        Coercion(key: "homepage", json: #""https://example.com/a?b=1""#) { $0.homepage == URL(string: "https://example.com/a?b=1") },
        Coercion(key: "balance", json: #""12.34""#) { $0.balance == Decimal(string: "12.34") },
        Coercion(key: "balance", json: "5") { $0.balance == 5 },
        Coercion(key: "avatar", json: #""AQID""#) { $0.avatar == Data([1, 2, 3]) },
        Coercion(key: "level", json: #""gold""#) { $0.level == .gold },
        Coercion(key: "level", json: #""platinum""#, expected: nil),
    ]

    /// Scalar coercion, one case per row of the table.
    static var coercionCases: [SyncCase] {
        coercions.map { row in
            SyncCase("import.coerce.\(row.key).\(row.json)") { container in
                let payload = #"[{"id": 1, "full_name": "A", "\#(row.key)": \#(row.json)}]"#
                guard let expected = row.expected else {
                    try checkError(.typeMismatch, index: 0, key: row.key) { try load(payload, as: SyncUser.self, into: container) }
                    try check(try count(SyncUser.self, in: container) == 0, "a refused import writes nothing")
                    return
                }
                try load(payload, as: SyncUser.self, into: container)
                let reader60 = ModelContext(container)
                let stored = try user(1, reader60)
                try check(expected(stored), "\(row.key): \(row.json) read back as \(stored.age as Any) \(stored.isAdmin) \(stored.score as Any) \(stored.fullName) \(stored.birthday as Any) \(stored.token as Any) \(stored.balance as Any) \(stored.level as Any)")
            }
        }
    }
}
