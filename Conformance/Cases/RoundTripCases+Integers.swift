import Foundation
import StrataCore

/// Round-trip samples for `Bool` and every integer width at its limits.
extension RoundTripCases {
    static let integers: [Sample] = [
        sample("int.min", \.int, Int.min, decoy: 0) { v in #Predicate<AllTypes> { $0.int == v } },
        sample("int.max", \.int, Int.max, decoy: 0) { v in #Predicate<AllTypes> { $0.int == v } },
        sample("int8.min", \.int8, Int8.min, decoy: 0) { v in #Predicate<AllTypes> { $0.int8 == v } },
        sample("int8.max", \.int8, Int8.max, decoy: 0) { v in #Predicate<AllTypes> { $0.int8 == v } },
        sample("int16.min", \.int16, Int16.min, decoy: 0) { v in #Predicate<AllTypes> { $0.int16 == v } },
        sample("int16.max", \.int16, Int16.max, decoy: 0) { v in #Predicate<AllTypes> { $0.int16 == v } },
        sample("int32.min", \.int32, Int32.min, decoy: 0) { v in #Predicate<AllTypes> { $0.int32 == v } },
        sample("int32.max", \.int32, Int32.max, decoy: 0) { v in #Predicate<AllTypes> { $0.int32 == v } },
        sample("int64.min", \.int64, Int64.min, decoy: 0) { v in #Predicate<AllTypes> { $0.int64 == v } },
        sample("int64.max", \.int64, Int64.max, decoy: 0) { v in #Predicate<AllTypes> { $0.int64 == v } },
        sample("int64.minusOne", \.int64, -1, decoy: 1) { v in #Predicate<AllTypes> { $0.int64 == v } },
        sample("uint8.max", \.uint8, UInt8.max, decoy: 0) { v in #Predicate<AllTypes> { $0.uint8 == v } },
        sample("uint16.max", \.uint16, UInt16.max, decoy: 0) { v in #Predicate<AllTypes> { $0.uint16 == v } },
        sample("uint32.max", \.uint32, UInt32.max, decoy: 0) { v in #Predicate<AllTypes> { $0.uint32 == v } },
        sample("uint64.int64Max", \.uint64, 9_223_372_036_854_775_807, decoy: 0) { v in #Predicate<AllTypes> { $0.uint64 == v } },
        sample("uint64.zero", \.uint64, 0, decoy: 1) { v in #Predicate<AllTypes> { $0.uint64 == v } },
        sample("bool.true", \.bool, true, decoy: false) { v in #Predicate<AllTypes> { $0.bool == v } },
        sample("bool.false", \.bool, false, decoy: true) { v in #Predicate<AllTypes> { $0.bool == v } },
    ]
}
