import BaseFeature

public final class ProfileViewController: BaseViewController {}
