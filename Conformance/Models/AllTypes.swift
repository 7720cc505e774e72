import StrataCore

/// A String-backed enum attribute.
public enum Mood: String, Codable, Sendable, CaseIterable {
    case calm, tense, 😀
}

/// An Int-backed enum attribute.
public enum Level: Int, Codable, Sendable {
    case low = -1, mid = 0, high = 1
}

/// A Codable struct attribute (stored as JSON).
public struct Point: Codable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var label: String?

    public init(x: Double, y: Double, label: String? = nil) {
        self.x = x
        self.y = y
        self.label = label
    }
}

/// One attribute of every supported type, for round-trip cases.
@Model public final class AllTypes {
    public var tag: String
    public var int: Int = 0
    public var int8: Int8 = 0
    public var int16: Int16 = 0
    public var int32: Int32 = 0
    public var int64: Int64 = 0
    public var uint8: UInt8 = 0
    public var uint16: UInt16 = 0
    public var uint32: UInt32 = 0
    public var uint64: UInt64 = 0
    public var double: Double = 0
    public var float: Float = 0
    public var bool: Bool = false
    public var string: String = ""
    public var data: Data = Data()
    public var date: Date = Date(timeIntervalSince1970: 0)
    public var uuid: UUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    public var url: URL = URL(string: "https://example.com")!
    public var decimal: Decimal = 0
    public var mood: Mood = .calm
    public var level: Level = .mid
    public var point: Point = Point(x: 0, y: 0)
    public var strings: [String] = []
    public var ints: [Int] = []
    public var optInt: Int?
    public var optString: String?
    public var optData: Data?
    public var optDate: Date?
    public var optUUID: UUID?
    public var optURL: URL?
    public var optDecimal: Decimal?
    public var optMood: Mood?
    public var optPoint: Point?
    public var optDouble: Double?

    public init(tag: String) {
        self.tag = tag
    }
}
