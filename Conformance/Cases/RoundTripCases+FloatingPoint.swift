import Foundation
import StrataCore

/// Round-trip samples for `Double` and `Float`: signed zero, infinities, NaN, extremes and subnormals.
extension RoundTripCases {
    /// The same value with the same sign (so `-0.0` must come back negative).
    static func sameSigned<Value: FloatingPoint>(_ read: Value, _ written: Value) -> Bool {
        read == written && read.sign == written.sign
    }

    /// NaN for NaN, otherwise ``sameSigned(_:_:)``.
    static func sameOrBothNaN<Value: FloatingPoint>(_ read: Value, _ written: Value) -> Bool {
        written.isNaN ? read.isNaN : sameSigned(read, written)
    }

    static let floatingPoint: [Sample] = [
        // Swift: -0.0 == 0.0, so the decoy is not zero; the sign bit must survive the store.
        sample("double.negativeZero", \.double, -0.0, decoy: 1, same: sameSigned) { v in #Predicate<AllTypes> { $0.double == v } }.requiring(.signedZero),
        sample("double.positiveInfinity", \.double, Double.infinity, decoy: 1, same: sameSigned) { v in #Predicate<AllTypes> { $0.double == v } },
        sample("double.negativeInfinity", \.double, -Double.infinity, decoy: 1, same: sameSigned) { v in #Predicate<AllTypes> { $0.double == v } },
        // Swift: NaN == NaN is false, so an equality filter on NaN matches no row.
        sample("double.nan", \.double, Double.nan, decoy: 1, matches: [], same: sameOrBothNaN) { v in
            #Predicate<AllTypes> { $0.double == v }
        },
        sample("double.greatestFinite", \.double, 1.7976931348623157e308, decoy: 1, same: sameSigned) { v in #Predicate<AllTypes> { $0.double == v } },
        sample("double.leastNonzero", \.double, 0x1p-1074, decoy: 1, same: sameSigned) { v in #Predicate<AllTypes> { $0.double == v } },
        sample("double.leastNormal", \.double, -2.2250738585072014e-308, decoy: 1, same: sameSigned) { v in #Predicate<AllTypes> { $0.double == v } },
        sample("double.oneTenth", \.double, 0.1, decoy: 1, same: sameSigned) { v in #Predicate<AllTypes> { $0.double == v } },
        sample("float.negativeZero", \.float, -0.0, decoy: 1, same: sameSigned) { v in #Predicate<AllTypes> { $0.float == v } }.requiring(.signedZero),
        sample("float.positiveInfinity", \.float, Float.infinity, decoy: 1, same: sameSigned) { v in #Predicate<AllTypes> { $0.float == v } },
        sample("float.negativeInfinity", \.float, -Float.infinity, decoy: 1, same: sameSigned) { v in #Predicate<AllTypes> { $0.float == v } },
        sample("float.nan", \.float, Float.nan, decoy: 1, matches: [], same: sameOrBothNaN) { v in
            #Predicate<AllTypes> { $0.float == v }
        },
        sample("float.greatestFinite", \.float, 3.4028235e38, decoy: 1, same: sameSigned) { v in #Predicate<AllTypes> { $0.float == v } },
        sample("float.leastNonzero", \.float, 0x1p-149, decoy: 1, same: sameSigned) { v in #Predicate<AllTypes> { $0.float == v } },
        sample("float.oneTenth", \.float, 0.1, decoy: 1, same: sameSigned) { v in #Predicate<AllTypes> { $0.float == v } },
    ]
}
