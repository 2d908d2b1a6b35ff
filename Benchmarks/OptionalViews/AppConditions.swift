import SimBenchCore

/// The optional-views family's types.
///
/// Nested in one namespace because the article's names (`View`, `OptionalView`,
/// `OptionalViewFactoryProtocol`, `ContainerViewController`) are too general to own the
/// Subjects module's top level, and because two variants define a factory protocol of the
/// same name with different products, as the article's two listings do.
public enum OptionalViews {}

extension OptionalViews {
    /// A screen of the app; each container (view controller) shows one.
    public enum Screen: UInt8, Sendable, CaseIterable {
        case home
        case search
        case product
        case cart
        case profile

        /// How many screens the app has; `rawValue` is below it.
        public static let count = 5
    }

    /// The remote feature flag of the optional view, one switch per screen.
    ///
    /// Feature availability in the article's list of conditions: the feature can be rolled
    /// out on some screens and not on others, and a flag flips while the app runs.
    public struct FeatureFlags: Sendable, Hashable {
        public private(set) var bits: UInt8

        /// Flags on for exactly `screens`.
        public init(enabledOn screens: [Screen]) {
            bits = 0
            for screen in screens { bits |= FeatureFlags.bit(screen) }
        }

        /// Every screen's flag on.
        public static var all: FeatureFlags { FeatureFlags(enabledOn: Screen.allCases) }

        @inline(__always)
        private static func bit(_ screen: Screen) -> UInt8 { 1 &<< screen.rawValue }

        @inline(__always)
        public func isEnabled(on screen: Screen) -> Bool {
            bits & FeatureFlags.bit(screen) != 0
        }

        public mutating func flip(_ screen: Screen) {
            bits ^= FeatureFlags.bit(screen)
        }
    }

    /// The user's group in an A/B/n test of the optional view: a control group without it,
    /// and one group for each of its two designs.
    public enum ABBucket: UInt8, Sendable, CaseIterable {
        case control
        case banner
        case card
    }

    /// Everything the article's `// Conditions` comment stands for: app state, user
    /// profile, feature and product availability, and an A/B test bucket.
    public struct AppConditions: Sendable, Hashable {
        /// App state: the optional view's content comes from the network.
        public var isOnline: Bool
        /// User profile: only signed-in users are shown the view.
        public var isLoggedIn: Bool
        /// Product availability: whether what the view offers is sold in the user's market.
        public var isProductAvailable: Bool
        /// Feature availability, per screen.
        public var featureFlags: FeatureFlags
        public var bucket: ABBucket

        public init(
            isOnline: Bool, isLoggedIn: Bool, isProductAvailable: Bool,
            featureFlags: FeatureFlags, bucket: ABBucket
        ) {
            self.isOnline = isOnline
            self.isLoggedIn = isLoggedIn
            self.isProductAvailable = isProductAvailable
            self.featureFlags = featureFlags
            self.bucket = bucket
        }

        /// The design of the optional view to show on `screen`, or nil when it must not exist.
        ///
        /// The rule `OptionalViewFactory` applies for both factories and the proxy. The
        /// `inline-conditions` baseline spells the same rule out in its container instead,
        /// so the equivalence tests check the two codings of it against each other.
        @inline(__always)
        func optionalViewKind(on screen: Screen) -> OptionalViewKind? {
            guard isOnline, isLoggedIn, isProductAvailable, featureFlags.isEnabled(on: screen)
            else { return nil }
            switch bucket {
            case .control: return nil
            case .banner: return .banner
            case .card: return .card
            }
        }

        /// The conditions after `change`; a change that is already true (going online while
        /// online) changes nothing.
        public mutating func apply(_ change: AppStateChange) {
            switch change {
            case .none: break
            case .wentOnline: isOnline = true
            case .wentOffline: isOnline = false
            case .loggedIn: isLoggedIn = true
            case .loggedOut: isLoggedIn = false
            case .flagFlipped(let screen): featureFlags.flip(screen)
            }
        }
    }

    /// Something that happens to the app while a user moves between screens.
    public enum AppStateChange: Sendable, Hashable {
        case none
        case wentOnline
        case wentOffline
        case loggedIn
        case loggedOut
        /// The remote config flipped the optional view's flag on one screen.
        case flagFlipped(Screen)
    }

    /// One user's running app: the conditions every container, factory and proxy of the
    /// session reads, and a census of the optional views made.
    ///
    /// A class because the app's state is shared: a change the session goes through is seen
    /// by every container, factory and proxy created before it.
    final class AppSession {
        var conditions: AppConditions
        /// How many `OptionalView`s were made in this session: the witness of laziness.
        var optionalViewsCreated = 0

        init(conditions: AppConditions) {
            self.conditions = conditions
        }
    }
}
