import TOMLKit

/// The user's settings file (placeholder until the configuration lands).
public enum LiveTextConfigModule {}
