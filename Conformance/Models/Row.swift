import StrataCore

/// A flat row with optional and non-optional attributes of the common types, for predicate
/// and sort cases. `tag` names the row in expectations.
@Model public final class Row {
    public var tag: String
    public var int: Int
    public var optInt: Int?
    public var double: Double
    public var optDouble: Double?
    public var string: String
    public var optString: String?
    public var flag: Bool
    public var optFlag: Bool?
    public var date: Date
    public var optDate: Date?

    public init(
        tag: String, int: Int = 0, optInt: Int? = nil, double: Double = 0, optDouble: Double? = nil,
        string: String = "", optString: String? = nil, flag: Bool = false, optFlag: Bool? = nil,
        date: Date = Date(timeIntervalSince1970: 0), optDate: Date? = nil
    ) {
        self.tag = tag
        self.int = int
        self.optInt = optInt
        self.double = double
        self.optDouble = optDouble
        self.string = string
        self.optString = optString
        self.flag = flag
        self.optFlag = optFlag
        self.date = date
        self.optDate = optDate
    }
}
