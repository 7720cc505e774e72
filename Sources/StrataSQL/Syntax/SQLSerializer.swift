import StrataCore

/// Turns SQL values into text plus binds for one dialect.
public struct SQLSerializer {
    public let dialect: any SQLDialect
    /// The UTF-8 of the text: appending bytes is a copy, appending to a `String` a call per piece
    /// (a key lookup spent a fifth of its time serializing).
    private var bytes: [UInt8] = []
    public private(set) var binds: [PersistentValue] = []

    public init(dialect: any SQLDialect) {
        self.dialect = dialect
        bytes.reserveCapacity(256)
    }

    /// The text written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The statement built so far.
    public var statement: SQLStatement { SQLStatement(text: text, binds: binds) }

    /// Appends trusted SQL text (keywords and punctuation written in this code base).
    public mutating func write(_ sql: StaticString) {
        sql.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends a quoted identifier (in place when it holds no quote, the usual case).
    public mutating func write(identifier: String) {
        guard !identifier.utf8.contains(UInt8(ascii: "\"")) else { return append(dialect.quote(identifier)) }
        bytes.append(UInt8(ascii: "\""))
        append(identifier)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends a placeholder and records its value.
    public mutating func write(bind value: PersistentValue) {
        binds.append(value)
        append(dialect.placeholder(binds.count))
    }

    private mutating func append(_ string: String) {
        var string = string
        string.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends `items`, separated by `separator`.
    public mutating func write<Items: Sequence>(_ items: Items, separator: StaticString = ", ", each: (inout SQLSerializer, Items.Element) -> Void) {
        var first = true
        for item in items {
            if !first { write(separator) }
            first = false
            each(&self, item)
        }
    }

    /// Appends an expression.
    public mutating func write(_ expression: SQLExpression) {
        switch expression {
        case .column(let table, let name):
            if let table {
                write(identifier: table)
                write(".")
            }
            write(identifier: name)
        case .bind(let value):
            write(bind: value)
        case .keyword(let keyword):
            write(keyword)
        case .binary(let lhs, let op, let rhs):
            write("(")
            write(lhs)
            write(" ")
            write(op)
            write(" ")
            write(rhs)
            write(")")
        case .chain(let op, let terms):
            write(chain: terms[...], op)
        case .prefix(let op, let operand):
            write("(")
            write(op)
            write(" ")
            write(operand)
            write(")")
        case .postfix(let operand, let op):
            write("(")
            write(operand)
            write(" ")
            write(op)
            write(")")
        case .function(let name, let arguments):
            write(name)
            write("(")
            write(arguments) { $0.write($1) }
            write(")")
        case .list(let elements):
            write("(")
            write(elements) { $0.write($1) }
            write(")")
        case .subquery(let select):
            write("(")
            write(select)
            write(")")
        case .exists(let select):
            write("EXISTS (")
            write(select)
            write(")")
        case .caseWhen(let branches, let otherwise):
            write("(CASE")
            for branch in branches {
                write(" WHEN ")
                write(branch.condition)
                write(" THEN ")
                write(branch.result)
            }
            write(" ELSE ")
            write(otherwise)
            write(" END)")
        case .collate(let operand, let collation):
            write(operand)
            write(" COLLATE \"")
            write(collation)
            write("\"")
        case .cast(let operand, let type):
            write("CAST(")
            write(operand)
            write(" AS ")
            write(type)
            write(")")
        case .selectFromFunction(let column, let function, let arguments):
            write("(SELECT ")
            write(identifier: column)
            write(" FROM ")
            write(.function(function, arguments))
            write(")")
        }
    }

    /// The most terms a chain writes at one level: each is one more level of SQLite's expression
    /// tree (at most 1,000 deep), so longer chains are split in halves, each parenthesized.
    static let flatChainLength = 16

    /// Appends `(t1 op t2 op …)`, halving chains longer than ``flatChainLength``: 5,000 terms
    /// nest 9 parentheses and at most 25 expression levels deep.
    private mutating func write(chain terms: ArraySlice<SQLExpression>, _ op: StaticString) {
        write("(")
        if terms.count <= Self.flatChainLength {
            var first = true
            for term in terms {
                if !first {
                    write(" ")
                    write(op)
                    write(" ")
                }
                first = false
                write(term)
            }
        } else {
            let middle = terms.startIndex + terms.count / 2
            write(chain: terms[..<middle], op)
            write(" ")
            write(op)
            write(" ")
            write(chain: terms[middle...], op)
        }
        write(")")
    }

    /// Appends a `SELECT` statement.
    public mutating func write(_ select: SQLSelect) {
        write("SELECT ")
        write(select.columns) { $0.write($1) }
        write(" FROM ")
        write(identifier: select.table)
        write(" AS ")
        write(identifier: select.alias)
        if let filter = select.filter {
            write(" WHERE ")
            write(filter)
        }
        if !select.orderBy.isEmpty {
            write(" ORDER BY ")
            write(select.orderBy) { serializer, ordering in serializer.write(ordering) }
        }
        for (keyword, value) in dialect.window(limit: select.limit, offset: select.offset) {
            write(" ")
            write(keyword)
            write(" ")
            write(value)
        }
    }

    private mutating func write(_ ordering: SQLOrdering) {
        write(ordering.expression)
        write(ordering.ascending ? " ASC" : " DESC")
        if dialect.supportsNullsOrdering && ordering.mayBeNull {
            write(ordering.nullsFirst ? " NULLS FIRST" : " NULLS LAST")
        }
    }
}
