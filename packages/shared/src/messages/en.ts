/** French typography: a non-breaking space before "!" and "?", so that they never start a line. */
const NBSP = '\u00a0';

/**
 * Every text a learner can read in French, the interface's default language, so that the contract
 * texts of SPEC §5, §8 and §9 are written once and the server and the web app cannot drift apart.
 * Texts quoted by the spec are verbatim (including their spelling: "succesfully", "verifiez"), even
 * the few the spec quotes in English ('Chapter Quiz', 'Go to Unit'). en.ts has the same keys.
 */
import type { Messages } from './types.js';

/** PLACEHOLDER: being translated. */
export const en: Messages = {
  common: {
    downloadFailed: "Le téléchargement n'a pas pu démarrer. Veuillez réessayer.",
    required: 'Ce champ est obligatoire.',
    networkFailure: 'Response is undefined.',
    notFound: 'Page introuvable.',
    notFoundBody: "Cette page n'existe pas encore ou a été déplacée.",
    backToDashboard: 'Retour au tableau de bord',
    loading: 'Chargement…',
    close: 'Fermer',
    forbidden: "Vous n'avez pas accès à cette ressource.",
    invalidRequest: 'Requête invalide.',
    serverError: 'Une erreur interne est survenue. Veuillez réessayer.',
    rateLimited: (minutes: number) =>
      `Trop de tentatives. Veuillez réessayer dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
    unauthenticated: 'Votre session a expiré, veuillez vous reconnecter.',
    appName: 'MedEnglish',
    newTab: '(nouvel onglet)',
    reload: 'Recharger la page',
    unexpected: 'Une erreur inattendue est survenue.',
    noGroup: 'Aucun groupe ne correspond à ce semestre et à ce niveau.',
  },
  login: {
    title: 'Connexion',
    email: 'Adresse email',
    password: 'Mot de passe',
    submit: 'Se connecter',
    invalidCredentials: 'Email ou mot de passe incorrect',
    loginFailed: 'Impossible de vous connecter, verifiez vos identifiants.',
    companyBlocked:
      'Votre compte est temporairement suspendu. Veuillez contacter votre établissement, et non le support.',
    maintenance: (from: string, to: string) => `La plateforme sera fermée du ${from} au ${to} compris.`,
    ssoBlocked:
      'Cette adresse est bloquée par votre établissement : connectez-vous avec le bouton de connexion de votre école.',
    ssoButton: 'Connexion avec mon école',
    ssoPortal: 'Portail école',
    ssoFailure: (portal: string) => `${portal} : Connexion impossible`,
    forgotLink: 'Mot de passe oublié ?',
    createAccount: 'Créer un compte',
    help: "Besoin d'aide ?",
    showPassword: 'Afficher le mot de passe',
    hidePassword: 'Masquer le mot de passe',
    welcome: 'Bienvenue sur MedEnglish',
    tagline: "L'anglais médical, entre deux gardes.",
  },
  holiday: {
    notice: (from: string, to: string) =>
      `Le service support sera indisponible du ${from} au ${to} inclus. Bonnes fêtes de fin d'année !`,
  },
  password: {
    rule: 'Le mot de passe doit contenir au moins 8 caractères, une majuscule et un chiffre.',
    mismatch: 'Les mots de passe ne correspondent pas.',
    confirm: 'Confirmation du mot de passe',
    newPassword: 'Nouveau mot de passe',
  },
  forgot: {
    title: 'Mot de passe oublié',
    intro:
      'Saisissez votre adresse email : nous vous enverrons un lien pour choisir un nouveau mot de passe.',
    submit: 'Envoyer le lien',
    back: 'Retour à la connexion',
    microsoft: "Impossible de changer le mot de passe d'un compte Microsoft.",
    failure: "Impossible d'envoyer un email à cette adresse.",
    sent: 'Si un compte existe pour cette adresse, un email vient de vous être envoyé.',
  },
  reset: {
    title: 'Choisir un nouveau mot de passe',
    submit: 'Valider',
    invalidBody: 'Invalid body',
    tokenExpired: 'Token expired, please ask for a new password',
    serverFailure: 'Server was unable to reset your password',
    success: 'Votre mot de passe a été modifié avec succès',
    failure: 'Une erreur est survenue lors de la modification de votre mot de passe',
  },
  signup: {
    title: 'Créer un compte',
    codeStep: "Code d'accès",
    detailsStep: 'Vos informations',
    code: "Code d'accès",
    codeHelp: 'Le code vous a été remis par votre établissement ou votre entreprise.',
    next: 'Suivant',
    back: 'Retour',
    submit: 'Créer mon compte',
    invalidCode: "Ce code est invalide ou n'existe pas, merci de réessayer.",
    email: 'Adresse email',
    emailConfirm: "Confirmation de l'adresse email",
    invalidEmail: 'Cette adresse email est invalide.',
    emailTaken: 'Cette adresse email est déjà utilisée',
    emailMismatch: 'La confirmation de votre adresse email ne correspond pas.',
    firstname: 'Prénom',
    lastname: 'Nom',
    semester: 'Semestre',
    path: 'Parcours',
    noSemester: "Aucun semestre n'est ouvert pour ce code pour le moment.",
    phone: 'Téléphone',
    jobTitle: 'Intitulé de poste',
    needs: 'Vos besoins en anglais',
    needsHelp: 'Choisissez un ou plusieurs domaines.',
    consent: "J'accepte les conditions générales d'utilisation et la politique de confidentialité.",
    failure: 'Erreur pendant la création du compte.',
    success: 'Votre compte a été créé. Un email de confirmation vous a été envoyé.',
    company: (name: string) => `Établissement : ${name}`,
    invalidPhone: 'Ce numéro de téléphone est invalide.',
    choose: 'Choisir…',
  },
  confirmation: {
    subject: 'Confirmez votre adresse email – MedEnglish',
    done: 'Votre adresse email est confirmée.',
    failed: 'Ce lien de confirmation est invalide ou a expiré.',
  },
  mail: {
    resetSubject: 'Réinitialisation de votre mot de passe – MedEnglish',
    resetBody: (link: string) =>
      `Bonjour,\n\nPour choisir un nouveau mot de passe, ouvrez ce lien (valable une heure, une seule fois) :\n${link}\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez cet email.\n\nL'équipe MedEnglish`,
    confirmBody: (link: string) =>
      `Bonjour,\n\nBienvenue sur MedEnglish ! Confirmez votre adresse email en ouvrant ce lien :\n${link}\n\nL'équipe MedEnglish`,
  },
  names: {
    forbidden: 'Certain symbols and numbers are forbidden',
    changed: 'Name successfully changed.',
    updated: 'Names succesfully updated',
  },
  footer: {
    version: (version: string) => `Version ${version}`,
    copyright: (year: number) => `© ${year} MedEnglish. Tous droits réservés.`,
  },
  shell: {
    skipToContent: 'Aller au contenu',
    menu: 'Menu',
    openMenu: 'Ouvrir le menu',
    account: 'Mon compte',
    profile: 'Profil',
    darkMode: 'Mode sombre',
    logout: 'Déconnexion',
    notifications: 'Notifications',
    /** The bell's name holds the number its badge shows ("99+" past 99). */
    notificationsButton: (badge: string) => `Notifications (${badge})`,
    noNotification: 'Pas de notification.',
    group: 'Groupe',
    changeSemester: 'Changer de semestre',
    home: 'MedEnglish – tableau de bord',
    elearning: 'E-learning',
    mainNavigation: 'Navigation principale',
    /** The interface language switch (issue 10): each language named in itself. */
    language: 'Langue',
    languageNames: { fr: 'Français', en: 'English' } as Record<string, string>,
    languageSaveFailed: "Votre choix de langue n'a pas pu être enregistré. Il s'applique sur cet appareil.",
  },
  /** Side-menu labels and page titles of SPEC §2. */
  pages: {
    '/dashboard': 'Tableau de bord',
    '/profile': 'Profil',
    '/group': 'Groupe',
    '/elearning/course': 'Cours',
    '/elearning/resources': 'Ressources',
    '/elearning/results': 'Résultats',
    '/elearning/exam': 'Examen',
    '/evaluo': 'Evaluo',
    '/videos': 'Vidéothèque',
    '/webinaire': 'Webinaires',
    '/glossary': 'Glossaire',
    '/learning-links': 'Liens utiles',
    '/help': 'Aide',
    '/test': 'Test de positionnement',
  } as Record<string, string>,
  /** Login page of the web app (SPEC §2 Public). */
  landing: {
    features: [
      'Un test de positionnement pour démarrer à votre niveau.',
      "Des modules d'e-learning et des examens pensés pour les études de santé.",
      'Vidéos, webinaires, glossaire médical et liens utiles, où que vous soyez.',
    ],
    noAccount: 'Pas encore de compte ?',
  },
  dashboard: {
    /** SPEC §9 greetings; which one applies is rules/greetings.ts. */
    greetings: {
      newYear: (firstname: string) => `Bonne année ${firstname}${NBSP}!`,
      christmas: (firstname: string) => `Joyeux Noël ${firstname}${NBSP}!`,
      everyday: [
        (firstname: string) => `Bonjour ${firstname}${NBSP}!`,
        (firstname: string) => `Ravi de vous revoir, ${firstname}${NBSP}!`,
        (firstname: string) => `Prêt(e) pour un peu d'anglais médical, ${firstname}${NBSP}?`,
        (firstname: string) => `Content de vous voir, ${firstname}${NBSP}!`,
      ],
    },
    // SPEC §2 /dashboard cards (the web app's dashboard feature).
    semesterCard: 'Mon semestre',
    courseCard: 'Ma formation',
    /** SPEC §2: tab labels, Course instead of Semesters for a company account. */
    semestersTab: 'Semestres',
    courseTab: 'Formation',
    examsTab: 'Examens',
    upcomingExamsCount: (n: number) => `${n} examen${n > 1 ? 's' : ''} à venir`,
    semesterName: (n: number) => `Semestre ${n}`,
    semesterBegin: 'Début',
    semesterEnd: 'Fin',
    noSemester: 'Les dates de votre semestre ne sont pas encore disponibles.',
    coursePath: 'Parcours',
    courseDuration: 'Durée de la formation e-learning',
    noCourseDuration: 'Non définie',
    noExam: "Aucun examen n'est prévu prochainement.",
    examModality: 'Modalité',
    examDate: 'Date',
    examLink: 'Voir mes examens',
    evaluoCard: 'Examens Evaluo',
    evaluoText: 'Consultez et passez vos examens en ligne.',
    evaluoLink: 'Ouvrir Evaluo',
    resourcesCard: 'Ressources',
    resourcesText: 'Les documents, présentations et vidéos de votre cours.',
    resourcesLink: 'Voir les ressources',
    studyTimeCard: 'Temps de formation',
    /** `required` is null for a group without an e-learning duration (SPEC §9: 100 % then). */
    studyTimeLabel: (spent: string, required: string | null, percent: number) =>
      `Temps de formation : ${spent}${required === null ? '' : ` sur ${required}`}, soit ${percent.toLocaleString('fr-FR')} %`,
    objective: (percent: number) => `Objectif : ${percent.toLocaleString('fr-FR')} % de la durée`,
    successCard: 'Réussite aux quiz',
    completionCard: 'Progression du programme',
    completionLabel: (percent: number) => `Programme terminé à ${percent.toLocaleString('fr-FR')} %`,
    completionText: 'des unités terminées',
    lastActivityCard: 'Dernière activité',
    continueCourse: 'Continuer',
    continueLabel: (unit: string) => `Continuer : ${unit}`,
    startCourse: 'Commencer le cours',
    notStarted: "Vous n'avez pas encore commencé le cours.",
    factCard: `Le saviez-vous${NBSP}?`,
    anotherFact: 'Un autre fait médical',
    noFact: 'Aucun fait médical pour le moment.',
    groupCard: 'Mon groupe',
    distributionFiles: 'Répartition',
    meetingFiles: 'Réunions',
    noFile: 'Pas de fichier(s) trouvé(s)',
    download: (name: string) => `Télécharger ${name}`,
    latestNotificationCard: 'Dernière notification',
    notificationsCard: 'Notifications',
    noNotification: 'Pas de notification.',
    allNotifications: (n: number) => `Voir les ${n} notifications`,
    fewerNotifications: 'Afficher moins',
    surveyTitle: 'Votre avis nous intéresse',
    surveyText:
      "Aidez-nous à améliorer MedEnglish : répondez à notre court questionnaire de satisfaction. Il s'ouvre dans un nouvel onglet et ne prend que quelques minutes.",
    surveyAnswer: 'Répondre au questionnaire',
    surveyLater: 'Plus tard',
    noContentTitle: 'Contenu pas encore disponible',
    noContentBody:
      "Votre établissement n'a pas encore ouvert de groupe pour vous : vos cours, examens et résultats apparaîtront ici dès qu'il l'aura fait. Si cela dure, notre page d'aide vous dit quoi faire.",
    noContentHelp: "Consulter l'aide",
    /** The learner or their groups could not be read: not the same as having no group yet. */
    loadFailed: "Votre tableau de bord n'a pas pu être chargé. Vérifiez votre connexion puis réessayez.",
    retry: 'Réessayer',
  },
  /** The results figures of the dashboard and /profile: the quiz success rate and its goal. */
  progress: {
    successLabel: (percent: number, target: number) =>
      `Taux de réussite : ${percent.toLocaleString('fr-FR')} %, objectif ${target.toLocaleString('fr-FR')} %`,
    goal: (percent: number) => `Objectif : ${percent.toLocaleString('fr-FR')} %`,
    /** Percentages as French writes them: "70,8 %" (the rates have one decimal at most). */
    percent: (n: number) => `${n.toLocaleString('fr-FR')} %`,
  },
  placement: {
    title: 'Test de positionnement',
    introTitle: 'Test de positionnement',
    intro:
      "Ce test situe votre niveau d'anglais médical pour vous placer dans le bon groupe. Il dure environ 45 minutes et comporte trois parties. Vos réponses sont enregistrées au fur et à mesure : vous pouvez reprendre plus tard, sur cet appareil ou un autre.",
    parts: { KN: 'Connaissances', RC: 'Compréhension écrite', OC: 'Compréhension orale' } as Record<
      string,
      string
    >,
    estimated: (minutes: number) => `Durée estimée : ${minutes} minutes`,
    questionsCount: (n: number) => `${n} questions`,
    start: 'Commencer le test',
    resume: 'Reprendre le test',
    counter: (n: number, total: number) => `Question : ${n} / ${total}`,
    submit: 'Valider',
    reset: 'Réinitialiser',
    blanksHelp: (n: number) => `Choisissez ${n} mot${n > 1 ? 's' : ''} dans l'ordre des blancs.`,
    dragHelp:
      "Glissez les étiquettes pour remettre la phrase dans l'ordre, ou utilisez les boutons Monter et Descendre.",
    moveUp: (text: string) => `Monter « ${text} »`,
    moveDown: (text: string) => `Descendre « ${text} »`,
    yourSentence: 'Votre phrase',
    playAudio: 'Écouter',
    playsLeft: (n: number) =>
      n === 0 ? 'Vous avez écouté cet enregistrement deux fois.' : `Écoutes restantes : ${n}`,
    audioLimit: 'Vous avez déjà écouté cet enregistrement deux fois.',
    passage: 'Texte',
    resultsTitle: 'Vos résultats',
    results: {
      KN: 'Connaissances',
      RC: 'Compréhension écrite',
      OC: 'Compréhension orale',
      total: 'Note globale',
    } as Record<string, string>,
    levelLabel: (level: string) => `Niveau ${level}`,
    continue: 'Continuer',
    tutorialTitle: (n: number, total: number) => `Tutoriel ${n} / ${total}`,
    tutorialNext: 'Vidéo suivante',
    tutorialDone: 'Accéder à la plateforme',
    unknownType: 'Unknown type',
    mediaError: 'Error while loading media',
    alreadyAnswered: 'Cette question a déjà une réponse.',
    finished: 'Ce test est terminé.',
    unknownQuestion: "Cette question n'appartient pas à ce test.",
    invalidAnswer: 'Cette réponse ne correspond pas à la question.',
    notRequired: "Vous n'avez pas de test de positionnement à passer.",
    saving: 'Enregistrement…',
    // Web app, placement screens (added with the /test screens).
    blank: (n: number) => `blanc ${n}`,
    wordBank: 'Mots proposés',
    moved: (text: string, position: number, total: number) =>
      `« ${text} » est maintenant en position ${position} sur ${total}.`,
    playing: 'Lecture en cours…',
    scoreOutOf: (score: string) => `${score} / 10`,
    saveFailed:
      "Votre réponse n'a pas pu être enregistrée. Elle est conservée : vérifiez votre connexion puis validez à nouveau.",
    retry: 'Réessayer',
    subtitles: 'Français',
  },
  /** The learning record store's refusals (/api/xapi), read by content developers' tools. */
  xapi: {
    invalid: (reason: string) => `Invalid xAPI request: ${reason}`,
    conflict: (id: string) => `A different statement with id ${id} is already stored.`,
    badJson: 'The body is not valid JSON.',
    versionHeader: 'The X-Experience-API-Version header must be 1.0.x.',
    unauthorized: 'Missing or expired xAPI credentials.',
    stateMismatch: 'The document changed since it was read (If-Match).',
    stateExists: 'A document already exists (If-None-Match).',
    notMergeable: 'Only JSON objects can be merged: send this document with PUT.',
    methodNotAllowed: (allowed: string) => `This resource answers ${allowed} only.`,
    notProvided: 'This resource is not provided by this learning record store.',
  },
  /** `npm run content:import`: why a package is refused. */
  contentImport: {
    notFound: (source: string) => `Package not found: ${source}`,
    notPackage: 'Not a package: give a folder or a .zip file.',
    tooLarge: (limit: string) => `Package refused: it is larger than ${limit}.`,
    tooManyFiles: (limit: number) => `Package refused: it holds more than ${limit} files.`,
    unsafePath: (name: string) => `Package refused: unsafe path "${name}" (outside the package).`,
    badZip: (reason: string) => `Package refused: the zip archive is damaged (${reason}).`,
    noManifest: 'Package refused: tincan.xml is missing at the package root.',
    badManifest: (reason: string) => `Package refused: tincan.xml is not valid (${reason}).`,
    missingLaunch: (file: string) => `Package refused: the launch file "${file}" is not in the package.`,
    unknownGroups: (names: string) => `No group named ${names}: nothing was imported.`,
  },
  idle: {
    loggedOut: "Vous avez été déconnecté(e) après 30 minutes d'inactivité.",
  },
  /**
   * /profile (SPEC §2, §4 name editing, §5 name edit). French like the dashboard; the contract texts
   * of the name edit stay in English (messages.names).
   */
  profile: {
    greeting: (firstname: string, name: string) => `Bonjour ${firstname} ${name}${NBSP}!`,
    personalInfo: 'Informations personnelles',
    firstname: 'Prénom',
    lastname: 'Nom',
    edit: 'Modifier mon nom',
    cancel: 'Annuler',
    save: 'Enregistrer',
    saving: 'Enregistrement…',
    required: 'Ce champ est obligatoire.',
    saveFailed: "Votre nom n'a pas pu être modifié. Veuillez réessayer.",
    successRate: 'Taux de réussite',
    totalTime: 'Temps de connexion total',
    seeResults: 'Voir mes résultats',
  },
  /** /group (SPEC §2): the learner's current group. */
  group: {
    semesterValue: (n: number) => `Semestre ${n}`,
    path: 'Parcours',
    levelValue: (level: number) => `Niveau ${level}`,
    objective: 'Objectif de durée e-learning',
    objectiveShare: (percent: number, total: string) =>
      `${percent.toLocaleString('fr-FR')} % de la durée totale (${total})`,
    noObjective: "Pas d'objectif de durée pour ce groupe.",
    exams: 'Examens prévus',
    noExam: "Aucun examen n'est prévu pour ce groupe.",
    examTypes: [
      "Pas d'examen écrit",
      'Quiz en ligne',
      'Réponse écrite',
      'Examen de groupe',
    ] as readonly string[],
    catchUp: 'Rattrapage',
    examStart: (date: string) => `Début : ${date}`,
    examEnd: (date: string) => `Fin : ${date}`,
    resources: 'Ressources',
    resourcesCount: (n: number) => (n === 0 ? 'Aucune ressource' : `${n} ressource${n > 1 ? 's' : ''}`),
    seeResources: 'Voir les ressources',
    loadFailed: "Votre groupe n'a pas pu être chargé. Veuillez recharger la page.",
  },
  /**
   * /elearning/course, /elearning/course/{module}, /elearning/results and /elearning/resources
   * (SPEC §2, §4 Unit). French like the rest of the app; the texts the spec quotes in English
   * ('Chapter Quiz', 'Go to Unit/Quiz', the empty resources text) stay verbatim.
   */
  elearning: {
    loadFailed: "Votre groupe n'a pas pu être chargé. Vérifiez votre connexion puis réessayez.",
    modulesFailed: "Les modules du cours n'ont pas pu être chargés. Vérifiez votre connexion puis réessayez.",
    retry: 'Réessayer',
    noModules: "Aucun module n'est encore disponible pour ce groupe.",
    moduleProgress: (name: string, percent: number) =>
      `Progression du module ${name} : ${percent.toLocaleString('fr-FR')} %`,
    unitsCount: (n: number) => `${n} unité${n > 1 ? 's' : ''}`,
    moduleNotFound: "Ce module n'existe pas ou ne fait pas partie de votre groupe.",
    backToModules: 'Retour aux modules',
    backToModule: 'Retour au module',
    moduleMenu: (name: string) => `Sommaire du module ${name}`,
    objectives: 'Objectifs',
    revisionFiles: 'Fiches de révision',
    /** Read after a revision sheet's title: the link opens the PDF in a new tab. */
    pdfNewTab: '(PDF, nouvel onglet)',
    downloadPdf: (title: string) => `Télécharger ${title}`,
    units: 'Unités',
    chapterQuiz: 'Chapter Quiz',
    status: {
      notStarted: 'Non commencé',
      inProgress: 'En cours',
      completed: 'Terminé',
      passed: 'Réussi',
    },
    passedWithScore: (score: number) => `Réussi · ${score.toLocaleString('fr-FR')} %`,
    unitLoading: "Ouverture de l'unité…",
    fullScreen: 'Plein écran',
    exitFullScreen: 'Quitter le plein écran',
    launchFailed: "L'unité n'a pas pu être ouverte. Vérifiez votre connexion puis réessayez.",
    results: {
      modulesHeading: 'Résultats par module',
      status: 'Statut',
      score: 'Score',
      timeSpent: 'Temps passé',
      noScore: '–',
      goToUnit: 'Go to Unit',
      goToQuiz: 'Go to Quiz',
      /** The button's name: its visible text first (WCAG 2.5.3), then the unit it opens. */
      goToLabel: (action: string, unit: string) => `${action} : ${unit}`,
      noUnits: "Ce module n'a pas encore d'unité.",
    },
    resources: {
      empty: 'No additional documents have been added for this course.',
      kinds: {
        pdf: 'PDF',
        presentation: 'Présentation',
        video: 'Vidéo',
        other: 'Document',
      },
      download: (title: string) => `Télécharger ${title}`,
      downloadAction: 'Télécharger',
    },
  },
};
