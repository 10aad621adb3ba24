// The entry screen (login, the first account, a forgotten password) and the password rules. Spec texts
// exactly; lines the spec leaves open say "(not in the spec)".

export const entry = {
  welcome: 'Reúna as fotos e os vídeos do seu evento em um só lugar.', // (not in the spec)
  login: 'Login',
  privacyNotice:
    'Ao continuar, você concorda com a nossa Política de Privacidade e com o uso dos seus dados para a gestão dos seus eventos.', // (not in the spec)
  formTitle: 'Entre na sua conta', // (not in the spec)
  email: 'E-mail', // (not in the spec)
  password: 'Senha', // (not in the spec)
  saveEmail: 'Salvar e-mail',
  help: 'Ajuda',
  helpText: 'Use o e-mail e a senha da sua conta de organizador. Se não conseguir entrar, contate o suporte.', // (not in the spec)
  submit: 'Entrar',
  submitting: 'Entrando…', // (not in the spec)
  emailRequired: 'Por favor, informe um e-mail válido',
  passwordRequired: 'Por favor, informe uma senha válida',
  loginFailed: 'Por favor, verifique se o e-mail e/ou senha estão corretos.',
} as const;

// Issue 27 item 4: 'Esqueci minha senha', the reset link's page and 'Minha conta'.
export const forgot = {
  link: 'Esqueci minha senha',
  title: 'Redefinir a senha',
  lead: 'Informe o e-mail da sua conta de organizador. Enviaremos um link para você definir uma nova senha.',
  email: 'E-mail',
  submit: 'Enviar link',
  submitting: 'Enviando…',
  back: 'Voltar ao login',
  emailRequired: 'Por favor, informe um e-mail válido',
  noMailTitle: 'Peça ajuda ao administrador',
} as const;

export const passwordReset = {
  title: 'Definir nova senha',
  lead: 'Nova senha para {email}. Ao salvar, todas as sessões abertas da conta serão encerradas.',
  password: 'Nova senha',
  passwordHint: 'Pelo menos 8 caracteres.',
  confirm: 'Repita a nova senha',
  submit: 'Salvar nova senha',
  submitting: 'Salvando…',
  done: 'Senha redefinida. Entre com a nova senha.',
  invalid: 'Este link para redefinir a senha não é mais válido (já usado ou expirado). Peça um novo em "Esqueci minha senha".',
  toLogin: 'Ir para o login',
  loading: 'Verificando o link…',
} as const;

export const password = {
  tooShort: 'A senha precisa ter pelo menos 8 caracteres.',
  mismatch: 'As senhas não são iguais.',
  currentRequired: 'Informe sua senha atual.',
} as const;

// Issue 27: the first account from the browser.
export const setup = {
  lead: 'Ainda não há nenhuma conta de organizador neste servidor.',
  start: 'Criar a primeira conta',
  title: 'Criar a primeira conta',
  name: 'Seu nome',
  email: 'E-mail',
  password: 'Senha',
  passwordHint: 'Pelo menos 8 caracteres.',
  code: 'Código de configuração',
  codeHint: "O servidor mostra o código no registro (log) ao iniciar: 'Código de configuração: 123-456'.",
  submit: 'Criar conta',
  submitting: 'Criando conta…',
  back: 'Voltar',
  nameRequired: 'Por favor, informe seu nome.',
  emailRequired: 'Por favor, informe um e-mail válido',
  passwordTooShort: 'A senha precisa ter pelo menos 8 caracteres.',
  codeRequired: 'Informe o código de 6 dígitos mostrado pelo servidor.',
} as const;
